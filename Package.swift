// swift-tools-version:6.0
import PackageDescription

/// What each demo in demos/ depends on.
let demoDependencies: [Target.Dependency] = [
    "DemoSupport", "LaminaHost", .product(name: "ArgumentParser", package: "swift-argument-parser"),
]

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
        .library(name: "ImageIO", targets: ["ImageIO"]),
        .library(name: "LaminaHost", targets: ["LaminaHost"]),
        .executable(name: "kiosk-menu", targets: ["kiosk-menu"]),
        .executable(name: "cover-flow", targets: ["cover-flow"]),
        .executable(name: "hello-layer", targets: ["hello-layer"]),
        .executable(name: "particles", targets: ["particles"]),
        .executable(name: "clock", targets: ["clock"]),
        .executable(name: "spaceship", targets: ["spaceship"]),
        .executable(name: "transitions", targets: ["transitions"]),
        .executable(name: "spring-playground", targets: ["spring-playground"]),
        .executable(name: "replicator-loader", targets: ["replicator-loader"]),
        .executable(name: "host-benchmark", targets: ["host-benchmark"]),
        .executable(name: "render-benchmark", targets: ["render-benchmark"]),
        .executable(name: "window-benchmark", targets: ["window-benchmark"]),
        .executable(name: "lamina-inspect", targets: ["lamina-inspect"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // C libraries, each wrapped once (see docs/architecture.md).
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CPixman", pkgConfig: "pixman-1", providers: [.apt(["libpixman-1-dev"])]),
        .systemLibrary(name: "CPango", pkgConfig: "pangocairo", providers: [.apt(["libpango1.0-dev"])]),
        .systemLibrary(name: "CX11", pkgConfig: "x11",
                       providers: [.apt(["libx11-dev", "libxext-dev", "libxpresent-dev", "libxrandr-dev", "libxtst-dev", "libxi-dev", "libx11-xcb-dev", "libxcb-shm0-dev"])]),
        .systemLibrary(name: "CJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
        // The compiler's prefetch hint, which Swift does not expose (a header, no library).
        .systemLibrary(name: "CMemoryHints"),
        .systemLibrary(name: "CPixelKernels"),
        // eventfd and ppoll, which Swift's Glibc module leaves out (a header, no library).
        .systemLibrary(name: "CEventWait"),

        .target(name: "CoreGraphics", dependencies: ["CCairo", "CJPEG"]),
        .target(name: "CoreImage", dependencies: ["CoreGraphics"]),
        // `import ImageIO` for Apple code: re-exports CoreGraphics' image sources and destinations.
        .target(name: "ImageIO", dependencies: ["CoreGraphics"]),
        .target(name: "QuartzCore", dependencies: ["CoreGraphics", "CoreImage", "CCairo", "CPixman", "CPango", "CMemoryHints", "CPixelKernels", "CEventWait"]),
        // The X11 host: window, MIT-SHM presenter, input, display pacing.
        .target(name: "LaminaHost", dependencies: ["QuartzCore", "CX11", "InspectorWire"]),
        // The inspector's Unix socket and wire format, shared by the host's
        // server and the lamina-inspect tool (Foundation and Glibc only).
        .target(name: "InspectorWire"),
        // Attaches to a running app (LAMINA_INSPECTOR=1) and prints its layer tree.
        .executableTarget(name: "lamina-inspect", dependencies: ["InspectorWire"], path: "tools/lamina-inspect"),
        // What every demo shares: the common command-line options, opening
        // the window, running it and printing the frame summary at exit.
        .target(name: "DemoSupport",
                dependencies: ["LaminaHost", .product(name: "ArgumentParser", package: "swift-argument-parser")],
                path: "demos/DemoSupport"),
        .executableTarget(name: "kiosk-menu", dependencies: demoDependencies, path: "demos/kiosk-menu"),
        // A CAEmitterLayer fountain with nested cells, driven by the arrow keys.
        .executableTarget(name: "particles", dependencies: demoDependencies, path: "demos/particles"),
        // The demo gallery (README.md): each one a scene and its keys.
        .executableTarget(name: "clock", dependencies: demoDependencies, path: "demos/clock"),
        .executableTarget(name: "spaceship", dependencies: demoDependencies, path: "demos/spaceship"),
        .executableTarget(name: "transitions", dependencies: demoDependencies, path: "demos/transitions"),
        .executableTarget(name: "spring-playground", dependencies: demoDependencies, path: "demos/spring-playground"),
        .executableTarget(name: "replicator-loader", dependencies: demoDependencies, path: "demos/replicator-loader"),
        // Album covers in perspective (sublayerTransform.m34, zPosition); covers in assets/covers.
        .executableTarget(name: "cover-flow", dependencies: demoDependencies, path: "demos/cover-flow"),
        // The front door: one layer, one implicit animation, one commit.
        .executableTarget(name: "hello-layer", dependencies: ["LaminaHost"], path: "demos/hello-layer"),
        // What the test targets share: render hosts (inline, recording, twin,
        // and a real render thread), the golden-image harness and XTestDriver,
        // which drives an X display as another program would (window-benchmark's
        // key presses too). Package-visible API only, so it builds in release.
        .target(name: "LaminaTestSupport", dependencies: ["QuartzCore", "LaminaHost", "CCairo", "CX11"],
                path: "Tests/LaminaTestSupport"),
        // DemoSupport: the demos' pure arithmetic (a flick's landing, a release velocity as a
        // spring's initialVelocity), tested without a display.
        .testTarget(name: "LaminaHostTests", dependencies: ["LaminaHost", "QuartzCore", "InspectorWire", "LaminaTestSupport",
                                                            "DemoSupport"]),
        // Benchmarks print figures; they never pass or fail (docs/performance.md).
        .executableTarget(name: "lamina-bench", dependencies: ["QuartzCore", "CPixman"], path: "Benchmarks/lamina-bench"),
        // What presenting a frame costs on each X11 path (scripts/bench-host.sh).
        .executableTarget(name: "host-benchmark", dependencies: ["LaminaHost", "QuartzCore"],
                          path: "Benchmarks/host-benchmark"),
        // Scenes, CPU time and percentiles shared by the benchmarks below.
        .target(name: "BenchmarkSupport", dependencies: ["QuartzCore"], path: "Benchmarks/BenchmarkSupport"),
        // The render side offscreen: 1000 animated layers, 10,000 animations evaluated (issue 7).
        .executableTarget(name: "render-benchmark", dependencies: ["BenchmarkSupport", "QuartzCore", "CPixman"],
                          path: "Benchmarks/render-benchmark"),
        // A window under X: idle cost, 1000 animated layers, key-to-frame latency (issue 7).
        .executableTarget(name: "window-benchmark", dependencies: ["BenchmarkSupport", "LaminaHost", "QuartzCore",
                                                                    "LaminaTestSupport"],
                          path: "Benchmarks/window-benchmark"),
        .testTarget(name: "CoreGraphicsTests", dependencies: ["CoreGraphics", "ImageIO"], resources: [.copy("Fixtures")]),
        // Golden images are read from the source tree (#filePath), not bundled.
        .testTarget(name: "QuartzCoreTests", dependencies: ["QuartzCore", "CCairo", "LaminaTestSupport"],
                    exclude: ["Golden"]),
        // Apple-style Core Animation code, as apps and libraries write it, against the
        // public API only (no @testable import); goldens read from the source tree.
        .testTarget(name: "CompatibilityCorpusTests", dependencies: ["QuartzCore", "ImageIO", "LaminaTestSupport"],
                    exclude: ["Golden", "README.md"]),
    ]
)
