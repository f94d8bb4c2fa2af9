import CCairo
import Foundation
import QuartzCore
import XCTest

/// Golden-image checks: a rendering is compared with a reviewed PNG, pixel
/// by pixel with a small tolerance.
///
/// Goldens are grouped by suite: a test target's `Golden/SUITE/NAME.png`,
/// SUITE being the name of the test file that asks (`CompositorGoldenTests`
/// for `Render/Drawing/CompositorGoldenTests.swift`). On a mismatch the
/// actual image and a diff image go to the failures folder,
/// `FAILURES/TARGET/SUITE/NAME.actual.png` and `NAME.diff.png`, where CI can
/// collect them: `LAMINA_GOLDEN_FAILURES` names it, by default
/// `.build/golden-failures` in the package. A missing golden is written and
/// the test fails, so that it gets looked at; `LAMINA_UPDATE_GOLDENS=1`
/// rewrites goldens on purpose (docs/debugging.md lists both).
package enum GoldenImage {
    /// Where the golden `name` of the suite in `file` (a test file's
    /// `#filePath`) lives.
    package static func goldenURL(named name: String, file: StaticString) -> URL {
        let place = Place(file)
        return place.target.appendingPathComponent("Golden").appendingPathComponent(place.suite)
            .appendingPathComponent(name + ".png")
    }

    /// Where failure images of the suite in `file` are written.
    package static func failureDirectory(for file: StaticString) -> URL {
        let place = Place(file)
        let root = ProcessInfo.processInfo.environment["LAMINA_GOLDEN_FAILURES"].map(URL.init(fileURLWithPath:))
            ?? place.package.appendingPathComponent(".build/golden-failures")
        return root.appendingPathComponent(place.target.lastPathComponent).appendingPathComponent(place.suite)
    }

    /// A test file's place in the package: its target's folder and its suite.
    private struct Place {
        let package: URL
        let target: URL
        let suite: String

        init(_ file: StaticString) {
            let url = URL(fileURLWithPath: "\(file)")
            suite = url.deletingPathExtension().lastPathComponent
            // The folder under `Tests/` that holds the file.
            var target = url.deletingLastPathComponent()
            while target.deletingLastPathComponent().lastPathComponent != "Tests", target.pathComponents.count > 2 {
                target = target.deletingLastPathComponent()
            }
            self.target = target
            package = target.deletingLastPathComponent().deletingLastPathComponent()
        }
    }

    package static func assertMatches(_ image: CGImage, named name: String, tolerance: Int = 3,
                                      file: StaticString = #filePath, line: UInt = #line) {
        let expectedURL = goldenURL(named: name, file: file)
        let update = ProcessInfo.processInfo.environment["LAMINA_UPDATE_GOLDENS"] == "1"
        guard !update, let expected = readPNG(expectedURL) else {
            try? FileManager.default.createDirectory(at: expectedURL.deletingLastPathComponent(),
                                                     withIntermediateDirectories: true)
            writePNG(image, to: expectedURL)
            if !update {
                XCTFail("no golden image \(expectedURL.path); wrote one, look at it and commit it", file: file, line: line)
            }
            return
        }
        let failures = failureDirectory(for: file)
        guard expected.width == image.width, expected.height == image.height else {
            writeFailure(image, named: name + ".actual", in: failures)
            return XCTFail("\(name): size \(image.width)x\(image.height), golden \(expected.width)x\(expected.height); "
                           + "see \(failures.path)", file: file, line: line)
        }
        var differing = 0
        var worst = 0
        let diff = PixelStorage(width: image.width, height: image.height) { base, stride in
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let a = image.storage.pixel(x: x, y: y), b = expected.storage.pixel(x: x, y: y)
                    let delta = channelDifference(a, b)
                    worst = max(worst, delta)
                    let mark: UInt32
                    if delta > tolerance {
                        differing += 1
                        mark = 0xFFFF_0000
                    } else {
                        mark = 0x4000_0000 | ((a & 0x00FE_FEFE) >> 1)
                    }
                    base.storeBytes(of: mark, toByteOffset: y * stride + x * 4, as: UInt32.self)
                }
            }
        }
        if differing > 0 {
            writeFailure(image, named: name + ".actual", in: failures)
            writeFailure(CGImage(storage: diff), named: name + ".diff", in: failures)
            XCTFail("\(name): \(differing) pixels differ by more than \(tolerance) (worst \(worst)); "
                    + "see \(failures.appendingPathComponent(name + ".diff.png").path)", file: file, line: line)
        }
    }

    private static func writeFailure(_ image: CGImage, named name: String, in directory: URL) {
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        writePNG(image, to: directory.appendingPathComponent(name + ".png"))
    }

    /// The largest difference between the two pixels' channels.
    package static func channelDifference(_ a: UInt32, _ b: UInt32) -> Int {
        var worst = 0
        for shift: UInt32 in [0, 8, 16, 24] {
            let left = Int((a >> shift) & 0xFF), right = Int((b >> shift) & 0xFF)
            worst = max(worst, abs(left - right))
        }
        return worst
    }

    /// How many pixels of two same-sized images differ by more than
    /// `tolerance` in some channel.
    package static func differingPixels(_ a: CGImage, _ b: CGImage, tolerance: Int) -> Int {
        var count = 0
        for y in 0..<a.height {
            for x in 0..<a.width where channelDifference(a.storage.pixel(x: x, y: y), b.storage.pixel(x: x, y: y)) > tolerance {
                count += 1
            }
        }
        return count
    }

    package static func writePNG(_ image: CGImage, to url: URL) {
        image.storage.withUnsafeBytes { bytes in
            let base = UnsafeMutableRawPointer(mutating: bytes.baseAddress!).assumingMemoryBound(to: UInt8.self)
            guard let surface = cairo_image_surface_create_for_data(
                base, CAIRO_FORMAT_ARGB32, Int32(image.width), Int32(image.height), Int32(image.bytesPerRow))
            else { return }
            cairo_surface_write_to_png(surface, url.path)
            cairo_surface_destroy(surface)
        }
    }

    package static func readPNG(_ url: URL) -> CGImage? {
        guard FileManager.default.fileExists(atPath: url.path),
              let surface = cairo_image_surface_create_from_png(url.path),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
        defer { cairo_surface_destroy(surface) }
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        return CGImage(storage: PixelStorage(width: width, height: height) { base, rowBytes in
            for row in 0..<height { (base + row * rowBytes).copyMemory(from: data + row * stride, byteCount: width * 4) }
        })
    }
}
