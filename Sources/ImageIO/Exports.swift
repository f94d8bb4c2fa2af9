// `import ImageIO`, as Apple code writes it to read and write image files:
// Lamina's CGImageSource and CGImageDestination live in CoreGraphics, which
// this module re-exports (with Foundation), so the import compiles and
// brings them in.
@_exported import CoreGraphics
@_exported import Foundation
