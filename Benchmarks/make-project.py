#!/usr/bin/env python3
"""Writes an Xcode project to time `check` on (Benchmarks/README.md, "The project's scope"): an app and a
widget extension, N Swift files (one in ten the widget's, one of them its Live Activity) and M image sets
(one in ten in the widget's catalog), each a small PNG, listed in App.xcodeproj's phases as Xcode lists them.

    make-project.py DIR [--swift 1000] [--images 2000]
"""
import argparse, os, struct, zlib

def png(width, height, seed):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    row = bytes([(seed * 7 + x) % 256 for x in range(width * 4)])
    rows = b"".join(b"\0" + row for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("dir")
    parser.add_argument("--swift", type=int, default=1000)
    parser.add_argument("--images", type=int, default=2000)
    args = parser.parse_args()
    counter = [0]
    def oid():
        counter[0] += 1
        return "C0DE%020X" % counter[0]
    objects = []
    groups = {"App": [], "Widget": []}
    phases = {("App", "sources"): [], ("App", "resources"): [], ("Widget", "sources"): [], ("Widget", "resources"): []}
    for index in range(args.swift):
        owner = "Widget" if index % 10 == 0 else "App"
        name = "File%04d.swift" % index
        os.makedirs(os.path.join(args.dir, owner), exist_ok=True)
        body = "import SwiftUI\n" + "".join("struct V%d_%d: View { var body: some View { Text(\"%d\") } }\n" % (index, k, k) for k in range(20))
        if index == 0:
            body += ('struct Activity: Widget { var body: some WidgetConfiguration { ActivityConfiguration(for: A.self) { _ in Image("image0000") }'
                     ' dynamicIsland: { _ in DynamicIsland { } compactLeading: { Image("image0010") } compactTrailing: { } minimal: { } } } }\n')
        open(os.path.join(args.dir, owner, name), "w").write(body)
        ref, build = oid(), oid()
        objects.append("\t\t%s = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = %s; sourceTree = \"<group>\"; };" % (ref, name))
        objects.append("\t\t%s = {isa = PBXBuildFile; fileRef = %s; };" % (build, ref))
        groups[owner].append(ref)
        phases[(owner, "sources")].append(build)
    for owner in groups:
        ref, build = oid(), oid()
        objects.append("\t\t%s = {isa = PBXFileReference; lastKnownFileType = folder.assetcatalog; path = Assets.xcassets; sourceTree = \"<group>\"; };" % ref)
        objects.append("\t\t%s = {isa = PBXBuildFile; fileRef = %s; };" % (build, ref))
        groups[owner].append(ref)
        phases[(owner, "resources")].append(build)
    for index in range(args.images):
        owner = "Widget" if index % 10 == 0 else "App"
        folder = os.path.join(args.dir, owner, "Assets.xcassets", "image%04d.imageset" % index)
        os.makedirs(folder, exist_ok=True)
        open(os.path.join(folder, "image%04d@3x.png" % index), "wb").write(png(24 + index % 200, 24 + index % 150, index))
        open(os.path.join(folder, "Contents.json"), "w").write(
            '{\n  "images" : [\n    {\n      "filename" : "image%04d@3x.png",\n      "idiom" : "universal",\n      "scale" : "3x"\n    }\n  ],\n'
            '  "info" : {\n    "author" : "xcode",\n    "version" : 1\n  }\n}\n' % index)
    group_ids, target_ids = {}, []
    for owner, children in groups.items():
        group_ids[owner] = oid()
        objects.append("\t\t%s = {isa = PBXGroup; children = (%s); path = %s; sourceTree = \"<group>\"; };" % (group_ids[owner], ", ".join(children), owner))
    for owner, kind in (("App", "application"), ("Widget", "app-extension")):
        sources, resources, target = oid(), oid(), oid()
        objects.append("\t\t%s = {isa = PBXSourcesBuildPhase; files = (%s); };" % (sources, ", ".join(phases[(owner, "sources")])))
        objects.append("\t\t%s = {isa = PBXResourcesBuildPhase; files = (%s); };" % (resources, ", ".join(phases[(owner, "resources")])))
        objects.append("\t\t%s = {isa = PBXNativeTarget; buildPhases = (%s, %s); name = %s; productType = \"com.apple.product-type.%s\"; };"
                       % (target, sources, resources, owner, kind))
        target_ids.append(target)
    main_group, project = oid(), oid()
    objects.append("\t\t%s = {isa = PBXGroup; children = (%s); sourceTree = \"<group>\"; };" % (main_group, ", ".join(group_ids.values())))
    objects.append("\t\t%s = {isa = PBXProject; mainGroup = %s; projectDirPath = \"\"; targets = (%s); };" % (project, main_group, ", ".join(target_ids)))
    os.makedirs(os.path.join(args.dir, "App.xcodeproj"), exist_ok=True)
    open(os.path.join(args.dir, "App.xcodeproj", "project.pbxproj"), "w").write(
        "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tobjectVersion = 77;\n\tobjects = {\n" + "\n".join(objects) + "\n\t};\n\trootObject = %s;\n}\n" % project)

main()
