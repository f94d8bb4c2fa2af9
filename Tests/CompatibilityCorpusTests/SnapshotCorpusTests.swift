import QuartzCore
import XCTest

/// The rest of the API the corpus uses: frames written to PNG files with
/// ImageIO and read back, layer trees duplicated through a secure keyed
/// archive, the pixel-art icon's bitmap.
final class SnapshotCorpusTests: XCTestCase {
    func testAFrameSurvivesAPNGFile() throws {
        let card = FlipCard(cardSize: CGSize(width: 110, height: 150), in: CGSize(width: 200, height: 200))
        let stage = Stage(width: 200, height: 200, showing: card.layer)
        stage.commit()
        card.flip()
        stage.commit()
        let begin = card.front.animation(forKey: "flip")!.beginTime
        let frame = stage.image(at: begin + 0.3)

        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("corpus-\(ProcessInfo.processInfo.globallyUniqueString).png")
        defer { try? FileManager.default.removeItem(at: url) }
        XCTAssertTrue(FrameSnapshot.writePNG(frame, to: url))
        let read = try XCTUnwrap(FrameSnapshot.readImage(at: url))
        XCTAssertEqual(read.width, 200)
        XCTAssertEqual(read.height, 200)
        XCTAssertTrue(RGBAPixels(read) == RGBAPixels(frame), "an opaque frame comes back pixel for pixel")
    }

    /// A component's tree, archived mid-animation and unarchived, draws
    /// the same pixels as the original at the same media time: the
    /// animations keep their begin times, text layers display again.
    func testArchivedTreesDrawTheSame() throws {
        let menu = SelectionMenu(title: "Library", items: ["Albums", "Artists", "Playlists", "Songs"], width: 180)
        let card = FlipCard(cardSize: CGSize(width: 110, height: 150), in: CGSize(width: 200, height: 200))
        let chart = BarChart(values: [0.3, 0.7, 0.5], size: CGSize(width: 200, height: 150), title: "Archived")
        let cases: [(String, CALayer, () -> Void)] = [
            ("menu", menu.layer, { menu.select(3) }),
            ("card", card.layer, { card.flip() }),
            ("chart", chart.layer, { chart.animateIn(title: "Restored") }),
        ]
        for (name, layer, animate) in cases {
            let stage = Stage(width: 220, height: 220, showing: layer)
            stage.commit()
            animate()
            stage.commit()
            let copy = try XCTUnwrap(LayerCopier.copy(of: layer), name)
            XCTAssertTrue(type(of: copy) == type(of: layer), name)
            XCTAssertEqual(copy.sublayers?.count, layer.sublayers?.count, name)
            let copyStage = Stage(width: 220, height: 220, showing: copy)
            copyStage.commit()
            // After the chart title's 0.4 s push: a transition moves from
            // what the layer showed before, which a copy never showed.
            let begin = CACurrentMediaTime()
            for time in [0.45, 0.7] {
                let original = RGBAPixels(stage.image(at: begin + time))
                let restored = RGBAPixels(copyStage.image(at: begin + time))
                let differing = zip(original.bytes, restored.bytes).filter { $0 != $1 }.count
                XCTAssertEqual(differing, 0, "\(name) at +\(time) s: \(differing) bytes differ")
            }
        }
    }

    func testThePixelArtBitmap() {
        let image = PixelArtIcon.makeImage(color: CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1))
        XCTAssertEqual(image.width, 11)
        XCTAssertEqual(image.height, 8)
        let pixels = RGBAPixels(image)
        XCTAssertEqual(pixels[2, 0].a, 255, "row 0 of the sprite is the image's top row")
        XCTAssertEqual(pixels[0, 0].a, 0)
        XCTAssertEqual(pixels[0, 4].r, 255)
    }

    func testColoursAndTheRendererOption() {
        let srgb = CGColor(srgbRed: 0.2, green: 0.4, blue: 0.6, alpha: 1)
        XCTAssertEqual(srgb.components, [0.2, 0.4, 0.6, 1])
        XCTAssertEqual(srgb.colorSpace?.model, .rgb)
        let context = CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0,
                                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        let renderer = CARenderer(cgContext: context, options: [kCARendererColorSpace: CGColorSpaceCreateDeviceRGB()])
        XCTAssertEqual(renderer.bounds, CGRect(x: 0, y: 0, width: 4, height: 4))
    }
}
