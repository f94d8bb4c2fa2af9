// swift-tools-version:6.0
import PackageDescription

/// Lamina: Apple's Core Animation (QuartzCore) for Linux.
///
/// Library targets build in Swift 6 language mode (the tools-version default),
/// so the compiler proves every value that crosses a thread is `Sendable`.
let package = Package(
    name: "Lamina",
    products: [
        .library(name: "QuartzCore", targets: ["QuartzCore"]),
        .library(name: "CoreGraphics", targets: ["CoreGraphics"]),
        .library(name: "CoreImage", targets: ["CoreImage"]),
    ],
    targets: [
        .target(name: "CoreGraphics"),
        .target(name: "CoreImage", dependencies: ["CoreGraphics"]),
        .target(name: "QuartzCore", dependencies: ["CoreGraphics", "CoreImage"]),
        .testTarget(name: "CoreGraphicsTests", dependencies: ["CoreGraphics"]),
        .testTarget(name: "QuartzCoreTests", dependencies: ["QuartzCore"]),
    ]
)
