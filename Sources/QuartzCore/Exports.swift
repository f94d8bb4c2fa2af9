// `import QuartzCore` re-exports Foundation, CoreGraphics and CoreImage, as
// it does on Apple platforms.
@_exported import Foundation
@_exported import CoreGraphics
@_exported import CoreImage
