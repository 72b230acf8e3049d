#!/usr/bin/env bash
# Type-checks the package's Apple-only code on Linux, against stand-in modules transcribed from Apple's SDK
# headers (declarations only): the ImageIO path of LiveAssets (ImageIODecoder, ImageIOEncoder, the codec
# choice, the header and decode paths used where ImageIO exists) with stand-ins for CoreGraphics and ImageIO,
# and LiveAssetsPlatform's Darwin branches with a stand-in Darwin (Glibc and the Darwin-only declarations the
# file uses). Each module is compiled with the arguments SwiftPM uses for it (read from .build/debug.yaml),
# the stand-ins on the import path, so the code's own `#if canImport(...)` picks the Apple path.
#
# A call of a deprecated form fails it too. Then it checks that it can fail: each of a few broken calls (a
# misspelt function, a wrong label, nil for a non-optional colour space, a wrong type) must make it fail.
#
# What this cannot show, and only a Mac can: the behaviour of the code, Apple's Foundation and Darwin
# overlays beyond what the stand-ins declare, toll-free bridging (the stand-ins make CF types aliases of
# the Swift types bridged to them), availability on the deployment targets, and the plugin in Xcode.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
here=Tests/AppleTypecheck

swift build --product liveassets >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/apple" "$work/darwin"

# The stand-ins, as modules: CoreGraphics, then ImageIO over it; Darwin apart (only LiveAssetsPlatform sees it).
swiftc -emit-module -parse-as-library -swift-version 6 -module-name CoreGraphics \
    -emit-module-path "$work/apple/CoreGraphics.swiftmodule" "$here"/CoreGraphics/*.swift
swiftc -emit-module -parse-as-library -swift-version 6 -module-name ImageIO -I "$work/apple" \
    -emit-module-path "$work/apple/ImageIO.swiftmodule" "$here"/ImageIO/*.swift
swiftc -emit-module -parse-as-library -swift-version 6 -module-name Darwin \
    -emit-module-path "$work/darwin/Darwin.swiftmodule" "$here"/Darwin/*.swift

# SwiftPM's compile command for MODULE from .build/debug.yaml, made a type-check: its sources (one per line,
# to SOURCES, with any `FILE=REPLACEMENT` swapped in) and its arguments without outputs.
arguments() {  # MODULE SOURCES [FILE=REPLACEMENT]
    python3 - "$@" <<'PY'
import json, os, re, sys
module, listing = sys.argv[1], sys.argv[2]
swaps = dict(item.split("=", 1) for item in sys.argv[3:])
text = open(".build/debug.yaml").read()
for match in re.finditer(r'args: (\[.*\])', text):
    args = json.loads(match.group(1))
    if args[:1] and args[0].endswith("swiftc") and args[1:3] == ["-module-name", module] and "-tool" not in match.group(1):
        break
else:
    sys.exit(f"no compile command for {module} in .build/debug.yaml")
keep, skip_next = [], False
drop_with_value = {"-emit-module-path", "-output-file-map", "-index-store-path", "-emit-objc-header-path", "-j"}
drop = {"-emit-dependencies", "-emit-module", "-incremental", "-enable-batch-mode", "-serialize-diagnostics", "-c",
        "-parseable-output", "-emit-objc-header", "-enable-testing", "-g"}
sources = []
for index, arg in enumerate(args[1:], start=1):
    if skip_next:
        skip_next = False
        continue
    if args[index - 1] == "-Xcc":  # a C compiler flag, kept as it is
        keep.append(arg)
        continue
    if arg in drop_with_value:
        skip_next = True
        continue
    if arg in drop or arg.startswith("-j"):
        continue
    if arg.startswith("@"):
        for line in open(arg[1:]).read().split():
            sources.append(swaps.get(line, line))
        continue
    keep.append(arg)
open(listing, "w").write("\n".join(sources) + "\n")
print("\n".join(keep))
PY
}

typecheck() {  # MODULE IMPORT-DIR LOG [FILE=REPLACEMENT]: 0 when MODULE type-checks and calls nothing deprecated
    local module=$1 imports=$2 log=$3
    shift 3
    local listing="$work/$module.sources"
    mapfile -t args < <(arguments "$module" "$listing" "$@")
    mapfile -t sources < "$listing"
    swiftc -typecheck "${args[@]}" -I "$imports" "${sources[@]}" >"$log" 2>&1 && ! grep -q "deprecated" "$log"
}

status=0
for pair in "LiveAssets:$work/apple" "LiveAssetsPlatform:$work/darwin"; do
    module=${pair%%:*}
    if typecheck "$module" "${pair#*:}" "$work/$module.log"; then
        echo "apple typecheck: $module compiled with the Apple path selected:"
        # The files whose Apple path was compiled: those whose code depends on what can be imported.
        while read -r file; do
            if grep -qE 'canImport\((ImageIO|Darwin)\)' "$file"; then echo "  ${file#"$PWD/"}"; fi
        done < "$work/$module.sources"
    else
        echo "apple typecheck: $module does not compile against the stand-ins, or calls a deprecated form:"
        grep -E 'error:|deprecated' "$work/$module.log" | sed "s|$PWD/||" | head -40
        status=1
    fi
done
[ "$status" = 0 ] || exit 1

# Broken calls must be caught: each line is FILE|SED-EXPRESSION|WHAT.
decoder=Sources/LiveAssets/Decode/ImageIODecoder.swift
drawing=Sources/LiveAssets/Decode/ImageIODecoder+Drawing.swift
encoder=Sources/LiveAssets/Encode/ImageIOEncoder.swift
broken=0
while IFS='|' read -r file expression what; do
    copy="$work/$(basename "$file")"
    sed -e "$expression" "$file" >"$copy"
    if cmp -s "$file" "$copy"; then
        echo "apple typecheck: the mutation '$what' changed nothing in $file; update the list in run.sh"
        broken=1
    elif typecheck LiveAssets "$work/apple" "$work/mutant.log" "$PWD/$file=$copy"; then
        echo "apple typecheck: '$what' in $file still compiles, so the stand-ins would not catch it"
        broken=1
    else
        echo "apple typecheck: caught $what ($(grep -m1 -oE '(error|warning): .*' "$work/mutant.log" | cut -c1-110))"
    fi
done <<LIST
$decoder|s/CGImageSourceCreateWithData(/CGImageSourceCreateWithDate(/|a misspelt function (CGImageSourceCreateWithDate)
$decoder|s/CGImageSourceGetStatusAtIndex(imageSource, 0).rawValue/CGImageSourceGetStatusAtIndex(imageSource, 0)/|a CGImageSourceStatus passed where its raw value is expected
$decoder|s/CGImageSourceGetStatus(imageSource)/CGImageSourceGetStatus(imageSource, 0)/|an argument too many (CGImageSourceGetStatus)
$decoder|s/space?.baseColorSpace.map/space?.baseSpace.map/|a misspelt property (baseSpace)
$drawing|s/bitsPerComponent: 8,$/bitsPerComponents: 8,/|a wrong label (bitsPerComponents:)
$drawing|s/bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.alphaOnly.rawValue)/bitmapInfo: CGImageAlphaInfo.alphaOnly.rawValue/|the alpha-only CGContext in its older form (a UInt32), whose space is not optional, given nil
$drawing|s/bitmapInfo: bitmapInfo) else/bitmapInfo: bitmapInfo.rawValue) else/|CGContext's older, deprecated form (a UInt32 bitmapInfo)
$drawing|s/image.copy(colorSpace: tag)/image.copy(colourSpace: tag)/|a wrong label (copy(colourSpace:))
$drawing|s/indexedBaseSpace: rgb, last:/indexedBaseSpace: rgb, lastIndex:/|a wrong label (indexedBaseSpace:lastIndex:)
$drawing|s/CGColorSpaceCreateDeviceCMYK()/CGColorSpaceCreateDeviceCmyk()/|a misspelt function (CGColorSpaceCreateDeviceCmyk)
$drawing|s/image.colorSpace?.colorTable,/image.colorSpace?.colorTable(),/|a property called as a function (colorTable())
$encoder|s/bytesPerRow: image.rowStride, space: space,/bytesPerRow: image.rowStride, space: nil,/|nil passed for CGImage's non-optional space
$encoder|s/CGImageDestinationFinalize(destination)/CGImageDestinationFinalize(cgImage)/|a CGImage passed where a CGImageDestination is expected
$encoder|s/kCGImageDestinationLossyCompressionQuality/kCGImageDestinationLossyCompressionQualty/|a misspelt ImageIO constant
LIST
exit "$broken"
