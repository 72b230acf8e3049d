import Foundation
@testable import LiveAssetsReports
import LiveAssetsRun
import LiveAssetsTestSupport
import Testing

/// The HTML report's geometry (computed here, in Swift, and only drawn by the browser) and its page:
/// every picture embedded once, the DOM contract, the Content-Security-Policy's script hash.
@Suite struct HTMLReportTests {
    let table = SizeTable.bundled

    func variant(_ path: String, _ width: Int, _ height: Int, scale: Int?, orientation: ExifOrientation = .up) -> AssetVariant {
        AssetVariant(path: path, content: .image(ImageInfo(format: .png, width: width, height: height, orientation: orientation,
                                                           colorModel: .rgba, hasAlphaChannel: true, fileSize: 100)),
                     catalogScale: scale)
    }

    func device(_ id: String) throws -> DeviceClass { try #require(table.device(id: id)) }

    @Test func sha256GivesTheFIPSDigests() {
        func hex(_ text: String) -> String { SHA256.hex(Array(text.utf8)) }
        #expect(hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(hex(String(repeating: "a", count: 1000))
            == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }

    @Test func aCompactLeadingImageIsDrawnInTheIslandAtItsSizeInPoints() throws {
        let iphone = try device("iphone-430x932")
        let asset = Asset(name: "Logo", variants: [variant("Logo@3x.png", 180, 108, scale: 3)])
        let drawings = ReportDrawing.drawings(for: asset, presentations: [.compactLeading], devices: [iphone])
        // The Dynamic Island shows it; so does nothing else on this iPhone.
        #expect(drawings.map(\.surface) == [.dynamicIsland])
        let drawing = try #require(drawings.first)
        #expect(drawing.image == "Logo@3x.png" && drawing.device == "iphone-430x932" && drawing.presentation == .compactLeading)
        #expect(drawing.width == 60 && drawing.height == 36)
        #expect(drawing.slotWidth == 62.33 && drawing.slotHeight == 36.67)
        #expect(drawing.fits && drawing.surfaceScale == 1)
        #expect(drawing.limit == PixelSize(width: 187, height: 110))
        // The island's outline from the table: 250 pt wide, the leading slot at its left end, the
        // trailing one at its right end.
        #expect(drawing.frame.width == 250 && drawing.frame.height == 36.67 && drawing.frame.slotX == 0)
        #expect(drawing.frame.companionX == 250 - 62.33 && drawing.frame.companionWidth == 62.33)
        #expect(drawing.imageX == (62.33 - 60) / 2)
    }

    @Test func anImageOnePixelTooWideIsDrawnOverflowing() throws {
        let iphone = try device("iphone-430x932")
        let asset = Asset(name: "Logo", variants: [variant("Logo@3x.png", 188, 108, scale: 3)])
        let drawing = try #require(ReportDrawing.drawings(for: asset, presentations: [.compactTrailing], devices: [iphone]).first)
        #expect(!drawing.fits)
        #expect(drawing.frame.slotX == 250 - 62.33 && drawing.frame.companionX == 0)
        #expect(drawing.imageX < 0)
    }

    @Test func aLockScreenImageIsDrawnOnTheLockScreenAndTwiceAsLargeInStandBy() throws {
        let iphone = try device("iphone-430x932")
        #expect(ImageShowing.standbyScale(of: iphone) == 2)
        let asset = Asset(name: "Hero", variants: [variant("Hero.png", 600, 300, scale: 3)])
        let drawings = ReportDrawing.drawings(for: asset, presentations: [.lockScreen], devices: [iphone])
        #expect(drawings.map(\.surface) == [.lockScreen, .standby])
        #expect(drawings.map(\.surfaceScale) == [1, 2])
        #expect(drawings.map(\.drawnWidth) == [200, 400])
        #expect(drawings.allSatisfy { $0.slotWidth == 408 && $0.slotHeight == 160 })
    }

    @Test func anImageOfUnstatedPresentationIsDrawnWhereItIsChecked() throws {
        // Unstated: held to the larger of the Lock Screen and expanded sizes (the Lock Screen between
        // equals), so drawn there and in StandBy, not in the compact slots.
        let iphone = try device("iphone-430x932")
        let asset = Asset(name: "Hero", variants: [variant("Hero.png", 600, 300, scale: 3)])
        let drawings = ReportDrawing.drawings(for: asset, presentations: nil, devices: [iphone])
        #expect(drawings.map(\.presentation) == [.lockScreen, .lockScreen])
    }

    @Test func aFallbackVariantIsDrawnAsTheLimitCountsIt() throws {
        // A @1x file loaded on a @3x iPhone: its pixels count against 3 px a point, so it is drawn a third
        // of its pixels wide, inside its slot exactly when it fits.
        let iphone = try device("iphone-430x932")
        let asset = Asset(name: "Logo", variants: [variant("Logo.png", 135, 90, scale: 1)])
        let drawing = try #require(ReportDrawing.drawings(for: asset, presentations: [.minimal], devices: [iphone]).first)
        #expect(drawing.width == 45 && drawing.height == 30)
        #expect(drawing.variantScale == 1 && drawing.deviceScale == 3)
        #expect(drawing.fits)
        #expect(drawing.frame.cornerRadius == 36.67 / 2)
    }

    @Test func anEXIFRotatedImageIsDrawnUpright() throws {
        let iphone = try device("iphone-430x932")
        let asset = Asset(name: "Photo", variants: [variant("photo.png", 300, 150, scale: 3, orientation: .right)])
        let drawing = try #require(ReportDrawing.drawings(for: asset, presentations: [.lockScreen], devices: [iphone]).first)
        #expect(drawing.width == 50 && drawing.height == 100)
    }

    @Test func thePreviewBoxIsTwiceTheLargestDrawingAtItsSurfacesOwnSize() throws {
        let iphone = try device("iphone-430x932")
        let asset = Asset(name: "Hero", variants: [variant("Hero.png", 600, 300, scale: 3)])
        let drawings = ReportDrawing.drawings(for: asset, presentations: [.lockScreen], devices: [iphone])
        // 200x100 pt on the Lock Screen; StandBy magnifies that view (400x200 CSS px) and the same preview.
        #expect(drawings.map(\.drawnWidth) == [200, 400])
        #expect(ReportPicture.previewBox(for: drawings) == PixelSize(width: 400, height: 200))
        #expect(ReportPicture.previewBox(for: drawings, ratio: 0.5) == PixelSize(width: 200, height: 100))
        // 3000x300 @3x spills over: only its surface and the 24 px margin show (408+48 pt wide), once.
        let wide = Asset(name: "Wide", variants: [variant("Wide.png", 3000, 300, scale: 3)])
        let spilling = ReportDrawing.drawings(for: wide, presentations: [.lockScreen], devices: [iphone])
        #expect(ReportPicture.previewBox(for: spilling) == PixelSize(width: 456, height: 100))
    }

    func page(findings: [Finding] = [], pictures: [ReportPicture], devices: [DeviceClass]) -> String {
        var report = CheckReport(findings: findings, files: pictures.map(\.image), strict: false,
                                 context: .init(toolVersion: "9.9.9", timestamp: "2026-12-02T00:00:00", hostname: "h",
                                                seconds: 0, tableRevision: "r1"))
        report.pictures = pictures
        report.devices = devices
        return ReportFormat.html.render(report)
    }

    func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    @Test func everyPictureIsEmbeddedOnceAndItsDrawingsListedForTheScript() throws {
        let iphone = try device("iphone-430x932")
        let asset = Asset(name: "Hero", variants: [variant("a<b>&\"c\".png", 600, 300, scale: 3)])
        let drawings = ReportDrawing.drawings(for: asset, presentations: [.lockScreen, .expanded], devices: [iphone])
        let preview = ReportPicture.Embedded(mediaType: "image/png", bytes: [1, 2, 3, 4, 5], size: PixelSize(width: 1, height: 1))
        let html = page(pictures: [ReportPicture(image: "a<b>&\"c\".png", size: PixelSize(width: 600, height: 300), scale: 3,
                                                 byteCount: 100, drawings: drawings, preview: preview, fitted: nil,
                                                 devicesAfterFit: ["iphone-430x932"])],
                        devices: [iphone])
        #expect(count("data:image/png;base64,AQIDBAU=", in: html) == 1)
        #expect(html.contains(".p0{background-image:url(\"data:image/png;base64,AQIDBAU=\")}"))
        // The expanded island, Lock Screen and StandBy: 200x100 pt centred in 408x160 pt slots, fitting.
        #expect(drawings.count == 3)
        #expect(html.contains("<section class=\"image\" id=\"img-0\" data-image=\"a&lt;b&gt;&amp;&quot;c&quot;.png\" data-severities=\"\" data-pixels=\"600x300\">"))
        #expect(html.contains("<div class=\"drawn\" data-drawings=\"[[0,0,104,30,200,100,1,3],[1,0,104,30,200,100,1,3],[2,0,104,30,200,100,1,3]]\"></div>"))
        // Each surface once, with its slot and limit; StandBy at the table's scale.
        let frames = [
            #"{"device":"iphone-430x932","presentation":"expanded","surface":"dynamic-island","place":"Dynamic Island, expanded","scale":1,"w":408,"h":160,"r":44,"sx":0,"sy":0,"sw":408,"sh":160,"lw":1224,"lh":480,"ds":3}"#,
            #"{"device":"iphone-430x932","presentation":"lock-screen","surface":"lock-screen","place":"Lock Screen","scale":1,"w":408,"h":160,"r":20,"sx":0,"sy":0,"sw":408,"sh":160,"lw":1224,"lh":480,"ds":3}"#,
            #"{"device":"iphone-430x932","presentation":"lock-screen","surface":"standby","place":"StandBy, Lock Screen","scale":2,"w":408,"h":160,"r":20,"sx":0,"sy":0,"sw":408,"sh":160,"lw":1224,"lh":480,"ds":3}"#,
        ]
        #expect(html.contains("<main data-frames=\"\(HTMLReport.escape("[" + frames.joined(separator: ",") + "]"))\""))
        // The models of the devices drawn, for the captions.
        #expect(html.contains("data-devices=\"{&quot;iphone-430x932&quot;:[\(iphone.models.map { "&quot;\($0)&quot;" }.joined(separator: ","))]}\""))
        #expect(!html.contains("a<b>"))
    }

    @Test func aCompactSlotCarriesItsIslandAndCompanion() throws {
        let iphone = try device("iphone-430x932")
        let asset = Asset(name: "Logo", variants: [variant("Logo@3x.png", 180, 108, scale: 3)])
        let drawings = ReportDrawing.drawings(for: asset, presentations: [.compactTrailing], devices: [iphone])
        let html = page(pictures: [ReportPicture(image: "Logo@3x.png", size: PixelSize(width: 180, height: 108), scale: 3, byteCount: 1,
                                                 drawings: drawings, preview: nil, fitted: nil, devicesAfterFit: [])],
                        devices: [iphone])
        // 60x36 pt centred in the 62.33x36.67 pt trailing slot (1.165, 0.335 pt in: rounded from their
        // binary values) at the right end of the 250 pt island; the leading slot beside.
        #expect(html.contains("data-drawings=\"[[0,0,1.16,0.34,60,36,1,3]]\""))
        #expect(html.contains(HTMLReport.escape(#""w":250,"h":36.67,"r":18.34,"sx":187.67,"sy":0,"sw":62.33,"sh":36.67,"cx":0,"cw":62.33,"lw":187,"lh":110,"ds":3}"#)))
    }

    @Test func theScriptRunsUnderTheContentSecurityPolicyByItsHash() {
        let html = page(pictures: [], devices: [])
        #expect(html.contains("content=\"default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src '\(HTMLReport.scriptHash)'\""))
        #expect(html.contains("<script>\(HTMLReport.script)</script>"))
        #expect(HTMLReport.scriptHash == "sha256-" + Data(SHA256.digest(Array(HTMLReport.script.utf8))).base64EncodedString())
        #expect(!html.contains("http://") && !html.contains("https://") && !html.contains(" src="))
    }

    @Test func findingRowsCarryTheirRuleAndLinkToTheDrawings() throws {
        let iphone = try device("iphone-430x932")
        let asset = Asset(name: "Hero", variants: [variant("hero.png", 3000, 300, scale: 3)])
        let drawings = ReportDrawing.drawings(for: asset, presentations: [.lockScreen], devices: [iphone])
        let finding = Finding(rule: .oversized, path: "hero.png", device: "iphone-430x932", presentation: .lockScreen,
                              message: "hero.png is too large.", image: "hero.png")
        let fitted = ReportPicture.Fitted(size: PixelSize(width: 1224, height: 122), byteCount: 4321)
        let html = page(findings: [finding], pictures: [ReportPicture(image: "hero.png", size: PixelSize(width: 3000, height: 300),
                                                                      scale: 3, byteCount: 99_999, drawings: drawings, preview: nil, fitted: fitted,
                                                                      devicesAfterFit: ["iphone-430x932"])],
                        devices: [iphone])
        #expect(html.contains("<tr data-rule=\"oversized\" data-severity=\"error\" data-sections=\"img-0\" data-devices=\"iphone-430x932\" data-presentations=\"lock-screen\"><td class=\"error\">error</td><td><code>oversized</code></td><td><a href=\"#img-0\">hero.png</a></td>"))
        var several = finding
        several.violations = [
            .init(device: "iphone-430x932", model: "iPhone 14 Pro Max", presentation: .lockScreen, limit: PixelSize(width: 1224, height: 480), actual: PixelSize(width: 3000, height: 300)),
            .init(device: "ipad-1366x1024", model: "iPad Pro", presentation: .expanded, limit: PixelSize(width: 1, height: 1), actual: PixelSize(width: 3000, height: 300)),
        ]
        let listed = page(findings: [several], pictures: [], devices: [iphone])
        #expect(listed.contains("data-devices=\"ipad-1366x1024 iphone-430x932\" data-presentations=\"expanded lock-screen\""))
        // No section for a picture without drawings, so no link to one.
        #expect(listed.contains("<td>hero.png</td>"))
        // Beside each drawing that does not fit (1000x100 pt spilling 296 pt each side), fit's result:
        // 1224x122 px is 408x40.67 pt, centred. The Lock Screen's leads; StandBy's, over the same limit, follows folded.
        #expect(html.contains("data-drawings=\"[[0,0,-296,30,1000,100,0,3],[0,2,0,59.67,408,40.67,1,3,1224,122]]\" data-more=\"[[1,0,-296,30,1000,100,0,3],[1,2,0,59.67,408,40.67,1,3,1224,122]]\""))
        // The overview: over the Lock Screen's limit on the iPhone, and what fit gives.
        #expect(html.contains("<td data-presentation=\"lock-screen\" data-fits=\"false\" data-worst=\"0:iphone-430x932\"><strong>over</strong> the 1224x480 px limit on \(iphone.models[0]); <code>fit</code>: 1224x122 px</td>"))
        #expect(html.contains("<details open><summary><h2><code>hero.png</code></h2>"))
        #expect(html.contains("would write 1224x122 px, 4,321 bytes"))
        // Where fit gives the device a variant of its own instead, no result is drawn for this file.
        let replaced = page(findings: [finding], pictures: [ReportPicture(image: "hero.png", size: PixelSize(width: 3000, height: 300),
                                                                          scale: 3, byteCount: 99_999, drawings: drawings, preview: nil,
                                                                          fitted: fitted, devicesAfterFit: [])],
                            devices: [iphone])
        #expect(replaced.contains("data-drawings=\"[[0,1,-296,30,1000,100,0,3]]\" data-more=\"[[1,1,-296,30,1000,100,0,3]]\""))
        #expect(replaced.contains("<strong>over</strong> the 1224x480 px limit on \(iphone.models[0]); <code>fit</code> adds a @3x variant</td>"))
        // Where the device keeps the file but fit could not make a result (an unreadable image), the
        // drawing is the image alone: no result, and no variant said to replace it.
        let unfitted = page(findings: [finding], pictures: [ReportPicture(image: "hero.png", size: PixelSize(width: 3000, height: 300),
                                                                          scale: 3, byteCount: 99_999, drawings: drawings, preview: nil,
                                                                          fitted: nil, devicesAfterFit: ["iphone-430x932"])],
                            devices: [iphone])
        #expect(unfitted.contains("data-drawings=\"[[0,0,-296,30,1000,100,0,3]]\" data-more=\"[[1,0,-296,30,1000,100,0,3]]\""))
    }

    @Test func cssNumbersHaveAtMostTwoDecimals() {
        #expect(HTMLReport.css(62.33) == "62.33")
        #expect(HTMLReport.css(408) == "408")
        #expect(HTMLReport.css(100.0 / 3) == "33.33")
        #expect(HTMLReport.css(0.125) == "0.13")
        #expect(HTMLReport.css(-12.5) == "-12.5")
        #expect(HTMLReport.css(-0.001) == "0")
        #expect(HTMLReport.css(1.5, digits: 4) == "1.5")
    }

    @Test func devicesThatShowAnImageAlikeShareOneDrawingAndAPassingImageIsFolded() throws {
        // Two classes whose compact leading slot and scale are the same: one drawing, listing both.
        let classes = SizeTable.bundled.devices.filter { $0.scale == 3 && $0.size(of: .compactLeading) != nil }
        let size = try #require(classes.first?.size(of: .compactLeading))
        let alike = classes.filter { $0.size(of: .compactLeading)?.width == size.width && $0.size(of: .compactLeading)?.height == size.height }
        try #require(alike.count >= 2)
        let asset = Asset(name: "Logo", variants: [variant("Logo@3x.png", 90, 90, scale: 3)])
        let drawings = ReportDrawing.drawings(for: asset, presentations: [.compactLeading], devices: Array(alike.prefix(2)))
        #expect(drawings.count == 2)
        let html = page(pictures: [ReportPicture(image: "Logo@3x.png", size: PixelSize(width: 90, height: 90), scale: 3, byteCount: 1,
                                                 drawings: drawings, preview: nil, fitted: nil, devicesAfterFit: [])],
                        devices: Array(alike.prefix(2)))
        let records = html.components(separatedBy: "data-drawings=\"").dropFirst().first?.prefix { $0 != "\"" } ?? ""
        #expect(records.hasPrefix("[[0,0,") && !records.contains("],["))  // one drawing, on frame 0
        #expect(html.contains(HTMLReport.escape(#"{"device":"\#(alike[0].id) \#(alike[1].id)","presentation":"compact-leading""#)))
        // It fits: folded, and said so in the overview.
        #expect(html.contains("<details><summary><h2><code>Logo@3x.png</code></h2>"))
        #expect(html.contains("<td data-presentation=\"compact-leading\" data-fits=\"true\" data-worst=\"0:\(alike[0].id) \(alike[1].id)\">fits "))
        // The limit is Apple's for one of the two and inferred for the other: the frame names that one.
        #expect(Set(drawings.map(\.limitInferred)) == [false, true])
        let inferred = try #require(drawings.first { $0.limitInferred }?.device)
        #expect(html.contains("&quot;inferred&quot;:&quot;\(inferred)&quot;}"))
    }

    @Test func theOverviewAndTheLeadDrawingNameTheWorstCaseAsTheFindingDoes() throws {
        // A @3x logo too large for minimal on a @3x iPhone and, falling back to it, on a @2x one (in StandBy):
        // fit gives the @2x one a variant of its own, so the worst case is the @3x iPhone's, as in the finding.
        let devices = [try device("iphone-430x932"), try device("iphone-414x896-2x")]
        let asset = Asset(name: "Logo", variants: [variant("logo@3x.png", 300, 300, scale: 3)])
        let drawings = ReportDrawing.drawings(for: asset, presentations: [.minimal], devices: devices)
        var picture = ReportPicture(image: "logo@3x.png", size: PixelSize(width: 300, height: 300), scale: 3, byteCount: 1,
                                    drawings: drawings, preview: nil, fitted: ReportPicture.Fitted(size: PixelSize(width: 110, height: 110), byteCount: 1),
                                    devicesAfterFit: ["iphone-430x932"])
        picture.variantsAdded = [2: PixelSize(width: 73, height: 73)]
        let html = page(pictures: [picture], devices: devices)
        #expect(html.contains("<td data-presentation=\"minimal\" data-fits=\"false\" data-worst=\"0:iphone-430x932;4:iphone-414x896-2x\"><strong>over</strong> the 135x110 px limit on \(devices[0].models[0]); <code>fit</code>: 110x110 px</td>"))
        let frames = try #require(html.components(separatedBy: "data-frames=\"").dropFirst().first?.prefix { $0 != "\"" })
        let lead = try #require(html.components(separatedBy: "data-drawings=\"[[").dropFirst().first?.prefix { $0 != "," })
        let leadFrame = frames.components(separatedBy: "{").dropFirst()[Int(lead)! + 1]
        #expect(leadFrame.contains("iphone-430x932") && leadFrame.contains("&quot;lw&quot;:135,&quot;lh&quot;:110"))
        #expect(html.contains("&quot;lw&quot;:90,&quot;lh&quot;:73"))  // the @2x iPhone's StandBy, folded
        #expect(html.contains("; <code>fit</code> would write 110x110 px, 1 bytes, and add a 73x73 px @2x variant for the devices of that scale</span>"))
        #expect(html.contains(" data-added=\"2:73x73 px \""))
        // The rule itself: a device that keeps the file first, then the smaller fit, then the smaller limit.
        let logo = PixelSize(width: 300, height: 300)
        #expect(!logo.ranks(PixelSize(width: 90, height: 73), kept: false, before: PixelSize(width: 135, height: 110), kept: true))
        #expect(logo.ranks(PixelSize(width: 90, height: 73), kept: true, before: PixelSize(width: 135, height: 110), kept: true))
        #expect(logo.ranks(PixelSize(width: 110, height: 110), kept: true, before: PixelSize(width: 300, height: 110), kept: true))
        #expect(!logo.ranks(PixelSize(width: 110, height: 110), kept: true, before: PixelSize(width: 110, height: 110), kept: true))  // a tie
    }

    @Test func anInferredLimitIsSaidInferredInTheOverviewAndTheDrawing() throws {
        let se = try device("iphone-375x667")
        let asset = Asset(name: "Hero", variants: [variant("hero.jpg", 2400, 1200, scale: nil)])
        let drawings = ReportDrawing.drawings(for: asset, presentations: [.lockScreen], devices: [se])
        #expect(drawings.contains { $0.limitInferred })
        let html = page(pictures: [ReportPicture(image: "hero.jpg", size: PixelSize(width: 2400, height: 1200), scale: nil, byteCount: 1,
                                                 drawings: drawings, preview: nil, fitted: nil, devicesAfterFit: [])],
                        devices: [se])
        #expect(html.contains("<strong>over</strong> the 706x320 px limit (inferred) on \(se.models[0])"))
        #expect(html.contains("&quot;lw&quot;:706,&quot;lh&quot;:320,&quot;ds&quot;:2,&quot;inferred&quot;:true}"))
    }

    @Test func aPresentationNobodyStatedIsNotCheckedRatherThanNotUsed() throws {
        let iphone = try device("iphone-430x932")
        let asset = Asset(name: "Hero", variants: [variant("hero.png", 300, 300, scale: 3)])
        let drawings = ReportDrawing.drawings(for: asset, presentations: nil, devices: [iphone])
        var picture = ReportPicture(image: "hero.png", size: PixelSize(width: 300, height: 300), scale: 3, byteCount: 1,
                                    drawings: drawings, preview: nil, fitted: nil, devicesAfterFit: [])
        let other = ReportPicture(image: "logo.png", size: PixelSize(width: 30, height: 30), scale: 3, byteCount: 1,
                                  drawings: ReportDrawing.drawings(for: Asset(name: "Logo", variants: [variant("logo.png", 30, 30, scale: 3)]),
                                                                   presentations: [.minimal], devices: [iphone]),
                                  preview: nil, fitted: nil, devicesAfterFit: [])
        picture.presentationsStated = false
        let html = page(pictures: [picture, other], devices: [iphone])
        #expect(html.contains("<tr data-image=\"hero.png\" data-severities=\"\" data-devices=\"iphone-430x932\" data-unstated>"))
        #expect(html.contains("<td data-presentation=\"minimal\" data-fits=\"unshown\">not checked (no stated presentation)</td>"))
        #expect(html.contains("<td data-presentation=\"lock-screen\" data-fits=\"unshown\">not used here</td>"))
    }

    @Test func aFindingOnAnImageSetCountsForEachImageOfTheSet() throws {
        let iphone = try device("iphone-430x932")
        let asset = Asset(name: "Logo", variants: [variant("A.xcassets/Logo.imageset/logo@3x.png", 90, 90, scale: 3)])
        let drawings = ReportDrawing.drawings(for: asset, presentations: [.compactLeading], devices: [iphone])
        let pictures = ["A.xcassets/Logo.imageset/logo@3x.png", "A.xcassets/Logo.imageset/Inner.imageset/x.png", "A.xcassets/Logos.imageset/y.png"].map {
            ReportPicture(image: $0, size: PixelSize(width: 90, height: 90), scale: 3, byteCount: 1, drawings: drawings, preview: nil,
                          fitted: nil, devicesAfterFit: [])
        }
        var finding = Finding(rule: .missingScaleVariant, severity: .warning, path: "A.xcassets/Logo.imageset/Contents.json",
                              device: "iphone-414x896-2x", message: "Logo.imageset has no @2x variant.")
        finding.devices = ["iphone-414x896-2x", "iphone-375x667"]
        let html = page(findings: [finding], pictures: pictures, devices: [iphone])
        // It is about the set's own image only: not the nested set's, nor the other set's.
        #expect(html.contains("<tr data-rule=\"missing-scale-variant\" data-severity=\"warning\" data-sections=\"img-0\" data-devices=\"iphone-375x667 iphone-414x896-2x\">"))
        #expect(html.contains("<tr data-image=\"A.xcassets/Logo.imageset/logo@3x.png\" data-severities=\"warning\""))
        #expect(html.contains("<tr data-image=\"A.xcassets/Logo.imageset/Inner.imageset/x.png\" data-severities=\"\""))
        #expect(html.contains("<tr data-image=\"A.xcassets/Logos.imageset/y.png\" data-severities=\"\""))
        #expect(html.contains("<section class=\"image\" id=\"img-0\" data-image=\"A.xcassets/Logo.imageset/logo@3x.png\" data-severities=\"warning\" data-pixels=\"90x90\">"))
        // Its row names the rule the cells do not show; the finding links to the set's first image drawn.
        #expect(html.contains("<span class=\"warning\">warning: <code>missing-scale-variant</code></span></th>"))
        #expect(html.contains("<td><a href=\"#img-0\">A.xcassets/Logo.imageset/Contents.json</a></td>"))
    }

    @Test func aDeviceClassIsNamedByItsModelsAndItsIdOnlyWhereItListsNone() throws {
        let ipad = try device("ipad-1012x834"), xr = try device("iphone-414x896-2x")
        let models = HTMLReport.ModelNames([ipad, xr], selected: [:])
        #expect(HTMLReport.deviceName(ipad, models: models) == "ipad-1012x834 (no model listed, @2x)")
        #expect(HTMLReport.deviceName(xr, models: models) == xr.models.joined(separator: ", ") + " (iphone-414x896-2x, @2x)")
        #expect(HTMLReport.shortName(xr, models: models) == "iPhone XR and \(xr.models.count - 1) more (@2x)")
        #expect(HTMLReport.shortName(ipad, models: models) == "ipad-1012x834 (no model listed, @2x)")
    }

    @Test func aDeviceClassIsNamedByTheModelTheUserSelectedItBy() throws {
        let xr = try device("iphone-414x896-2x")
        let chosen = try #require(xr.models.last)
        let models = HTMLReport.ModelNames([xr], selected: [xr.id: [chosen]])
        #expect(HTMLReport.shortName(xr, models: models) == "\(chosen) and \(xr.models.count - 1) more (@2x)")
        #expect(HTMLReport.deviceName(xr, models: models).hasPrefix(chosen + ", "))
        #expect(models.model(xr.id, inStandBy: false) == chosen)
    }

    @Test func codeInAMessageIsSetAsCode() {
        #expect(HTMLReport.prose("run `liveassets usage` <now>") == "run <code>liveassets usage</code> &lt;now&gt;")
        #expect(HTMLReport.prose("`a` and `b") == "<code>a</code> and `b")
        #expect(HTMLReport.prose("one ` alone") == "one ` alone")
    }
}
