#!/usr/bin/env python3
"""Writes a widget extension as an app's repository holds one, for the tests of the pre-commit hook and
the GitHub Action: a Live Activity whose Dynamic Island shows Image("badge") in compactLeading:, and an
asset catalog whose badge image set holds one @3x PNG of SIDE x SIDE pixels.

    widget_fixture.py FOLDER SIDE

Compact leading allows about 110 x 110 pixels at @3x, so 300 is too large and 90 fits."""
import json
import os
import struct
import sys
import zlib

WIDGET = """import ActivityKit
import SwiftUI
import WidgetKit

struct DeliveryAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {}
}

struct DeliveryLiveActivity: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: DeliveryAttributes.self) { _ in
            Text("On its way")
        } dynamicIsland: { _ in
            DynamicIsland {
                DynamicIslandExpandedRegion(.center) { Text("On its way") }
            } compactLeading: {
                Image("badge")
            } compactTrailing: {
                Text("5 min")
            } minimal: {
                Text("5")
            }
        }
    }
}
"""


def png(side):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    rows = b"".join(b"\0" + bytes((x * 7 + y * 3) & 0xFF for x in range(side * 3)) for y in range(side))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", side, side, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))


def main():
    folder, side = sys.argv[1], int(sys.argv[2])
    widget = os.path.join(folder, "DeliveryWidget")
    badge = os.path.join(widget, "Assets.xcassets", "badge.imageset")
    os.makedirs(badge, exist_ok=True)
    with open(os.path.join(widget, "DeliveryLiveActivity.swift"), "w") as f:
        f.write(WIDGET)
    info = {"info": {"author": "xcode", "version": 1}}
    with open(os.path.join(widget, "Assets.xcassets", "Contents.json"), "w") as f:
        json.dump(info, f, indent=2)
    with open(os.path.join(badge, "Contents.json"), "w") as f:
        json.dump({"images": [{"filename": "badge@3x.png", "idiom": "universal", "scale": "3x"}], **info}, f, indent=2)
    with open(os.path.join(badge, "badge@3x.png"), "wb") as f:
        f.write(png(side))


if __name__ == "__main__":
    main()
