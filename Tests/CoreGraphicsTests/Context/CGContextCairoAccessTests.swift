import CCairo
import CoreGraphics
import XCTest

/// The package-level cairo access Lamina's text layer draws through.
final class CGContextCairoAccessTests: DiagnosticsTestCase {
    func testCairoDrawsInUserSpaceWithTheFillColourAndDataIsSyncedAfterwards() {
        // A non-native layout, so the caller's buffer must be converted after the closure.
        let bitmap = TestBitmap(width: 10, height: 10)
        let context = bitmap.context(CGImageAlphaInfo.premultipliedLast.rawValue)!
        context.setFillColor(red: 0, green: 1, blue: 0, alpha: 1)
        context.translateBy(x: 2, y: 0)
        let result = context.withCairoContext { cr -> Int in
            cairo_rectangle(cr, 0, 0, 3, 1) // user space: y up, so the bottom row
            cairo_fill(cr)
            return 7
        }
        XCTAssertEqual(result, 7)
        XCTAssertEqual(bitmap.bytes(x: 2, row: 9), [0, 255, 0, 255])
        XCTAssertEqual(bitmap.bytes(x: 4, row: 9), [0, 255, 0, 255])
        XCTAssertEqual(bitmap.bytes(x: 1, row: 9), [0, 0, 0, 0])
        XCTAssertEqual(bitmap.bytes(x: 2, row: 8), [0, 0, 0, 0])
    }

    func testCairoStateChangesInsideDoNotLeak() {
        let context = makeNativeContext(width: 4, height: 4)
        context.withCairoContext { cr in
            cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
            cairo_translate(cr, 100, 100)
        }
        context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertEqual(context.alphaAt(x: 0, row: 3), 255)
    }

    func testTheClipApplies() {
        let context = makeNativeContext(width: 4, height: 4)
        context.clip(to: CGRect(x: 0, y: 0, width: 1, height: 4))
        context.withCairoContext { cr in cairo_paint(cr) }
        XCTAssertEqual(context.alphaAt(x: 0, row: 0), 255)
        XCTAssertEqual(context.alphaAt(x: 1, row: 0), 0)
    }
}
