import XCTest
import CoreGraphics

/// The module stands alone, as Apple's does: importing it brings Foundation's
/// geometry types along.
final class CoreGraphicsModuleTests: XCTestCase {
    func testImportingCoreGraphicsBringsGeometryTypes() {
        let rect = CGRect(x: 1, y: 2, width: 3, height: 4)
        let moved = rect.applying(CGAffineTransform(translationX: 10, y: 20))
        XCTAssertEqual(moved, CGRect(x: 11, y: 22, width: 3, height: 4))
    }
}
