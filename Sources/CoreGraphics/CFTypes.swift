import Foundation

// Core Foundation's types as CoreGraphics and ImageIO take them, so that
// code written for Apple compiles unchanged: `url as CFURL`,
// `"public.png" as CFString`, `[key: value] as CFDictionary`. On Linux
// Foundation neither exports these names nor bridges to them (there is no
// toll-free bridging), so they name the Swift types Lamina's functions take
// and those casts do nothing. A file that also imports CoreFoundation
// itself sees two of each name and must qualify them (docs/behaviour.md).

/// A URL, as `CGImageSourceCreateWithURL` and `CGImageDestinationCreateWithURL` take it.
public typealias CFURL = URL
/// A string: a uniform type identifier, a colour space's name.
public typealias CFString = String
/// Immutable bytes, as `CGImageSourceCreateWithData` takes them.
public typealias CFData = Data
/// Bytes an image destination appends to.
public typealias CFMutableData = NSMutableData
/// Options and properties, keyed by the string constants.
public typealias CFDictionary = [String: Any]
/// A list, as `CGImageDestinationCopyTypeIdentifiers` returns it.
public typealias CFArray = [Any]
