// Stand-ins for the Core Foundation types the package passes to Core Graphics and ImageIO, which the real
// CoreGraphics module re-exports (CoreGraphics.h includes CoreFoundation.h). Declarations only.
//
// On Apple's platforms each of these is a CF class that a Swift value converts to with `as` (toll-free
// bridging: `Data as CFData`, `[CFString: Any] as CFDictionary`, `URL as CFURL`, `String as CFString`,
// `NSMutableData as CFMutableData`). Linux has no such bridging, so each is modelled here as an alias of
// the Swift type bridged to it: the package's `as` conversions then type-check, and a value of the wrong
// kind is still refused (a URL where CFData is expected). What this cannot catch is a conversion missing
// between a CF type and its Swift partner (docs/development.md).
@_exported import Foundation

/// CFData (CoreFoundation/CFData.h, `typedef const struct CF_BRIDGED_TYPE(NSData) __CFData * CFDataRef`).
public typealias CFData = Data
/// CFMutableData (CoreFoundation/CFData.h, `CF_BRIDGED_MUTABLE_TYPE(NSMutableData)`).
public typealias CFMutableData = NSMutableData
/// CFString (CoreFoundation/CFString.h, `CF_BRIDGED_TYPE(NSString)`).
public typealias CFString = String
/// CFURL (CoreFoundation/CFURL.h, `CF_BRIDGED_TYPE(NSURL)`).
public typealias CFURL = URL
/// CFDictionary (CoreFoundation/CFDictionary.h, `CF_BRIDGED_TYPE(NSDictionary)`), as the package builds
/// them: keyed by CFString constants.
public typealias CFDictionary = [CFString: Any]
/// CFTypeRef (CoreFoundation/CFBase.h, `typedef const CF_BRIDGED_TYPE(id) void * CFTypeRef`): any CF
/// object, which Swift imports as AnyObject; `Any` here, as the aliases above are Swift values.
public typealias CFTypeRef = Any
