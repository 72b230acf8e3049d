import LiveAssetsRun
import LiveAssetsReports
import Testing

/// `check`, `fit`'s plans, the HTML report's drawings and `Preflight` read one walk over one derived form
/// of the table: on every device class, presentation and scale of the bundled table, with and without the
/// small family declared, they agree with each other and with the table itself on whether a presentation
/// is shown, on its limit in pixels and on whether that limit is inferred.
@Suite struct LimitWalkTests {
    static let table = SizeTable.bundled

    /// What the table itself says: the limit of `presentation` on `device` at its scale, and whether a
    /// number behind it (the size or the scale) is inferred; nil where no surface of the device shows it.
    static func expected(_ presentation: Presentation, on device: DeviceClass, declaresSmallFamily: Bool)
        -> (limit: PixelSize, inferred: Bool)?
    {
        guard let size = device.size(of: presentation),
              device.surfaces.contains(where: { $0.shows(presentation, declaresSmallFamily: declaresSmallFamily) }) else { return nil }
        return (size.limit(atScale: device.scale), size.provenance.isInferred || device.scaleProvenance.isInferred)
    }

    static func asset(_ size: PixelSize, scale: Int) -> Asset {
        let info = ImageInfo(format: .png, width: size.width, height: size.height, orientation: .up, colorModel: .rgba,
                             hasAlphaChannel: true, fileSize: 100)
        return Asset(name: "Logo", variants: [AssetVariant(path: "Logo@\(scale)x.png", content: .image(info), suffixScale: scale)])
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let device: DeviceClass
        let presentation: Presentation
        let scale: Int
        let declaresSmallFamily: Bool
        var testDescription: String { "\(device.id) \(presentation.rawValue) @\(scale)x\(declaresSmallFamily ? " small" : "")" }
    }

    static let cases: [Case] = table.devices.flatMap { device in
        Presentation.allCases.flatMap { presentation in
            [1, 2, 3].flatMap { scale in
                [false, true].map { Case(device: device, presentation: presentation, scale: scale, declaresSmallFamily: $0) }
            }
        }
    }

    @Test(arguments: cases)
    func checkFitReportAndPreflightAgreeWithTheTable(_ c: Case) throws {
        let expected = Self.expected(c.presentation, on: c.device, declaresSmallFamily: c.declaresSmallFamily)
        let limit = expected?.limit ?? PixelSize(width: 100, height: 100)
        let preflight = Preflight(declaresSmallFamily: c.declaresSmallFamily)
        for (size, fits) in [(limit, true), (PixelSize(width: limit.width + 1, height: limit.height), false),
                             (PixelSize(width: limit.width, height: limit.height + 1), false)] {
            let asset = Self.asset(size, scale: c.scale)
            let oversized = AssetChecker.findings(for: asset, presentations: [c.presentation], devices: [c.device],
                                                  declaresSmallFamily: c.declaresSmallFamily).filter { $0.rule == .oversized }
            let plans = FitPlan.plans(for: asset, presentations: [c.presentation], devices: [c.device],
                                      declaresSmallFamily: c.declaresSmallFamily)
            let drawings = ReportDrawing.drawings(for: asset, presentations: [c.presentation], devices: [c.device],
                                                  declaresSmallFamily: c.declaresSmallFamily)
            let info = try #require(asset.variants[0].info)
            let report = preflight.check(info, shownIn: [c.presentation], on: [c.device])
            guard let expected else {
                // Not shown: nothing to check, plan or draw, and the preflight says so.
                #expect(oversized.isEmpty && plans.isEmpty && drawings.isEmpty && report.answers.isEmpty)
                #expect(c.device.limits(for: [c.presentation], declaresSmallFamily: c.declaresSmallFamily).isEmpty)
                #expect(report.notShown.count == 1)
                continue
            }
            // check
            #expect(oversized.isEmpty == fits)
            if let finding = oversized.first {
                #expect(oversized.count == 1)
                #expect(finding.violations.map(\.limit) == [expected.limit])
                #expect(finding.usesInferredLimit == expected.inferred)
            }
            // fit's plan
            #expect(plans.map(\.box) == [expected.limit])
            #expect(plans.map(\.changes) == [!fits])
            // the report's drawings: one per surface that shows the view (StandBy's enlarged Lock Screen too)
            #expect(!drawings.isEmpty)
            #expect(drawings.allSatisfy { $0.limit == expected.limit && $0.fits == fits })
            // The public per-class question
            #expect(c.device.limits(for: [c.presentation], declaresSmallFamily: c.declaresSmallFamily)
                .map { $0.limit(atScale: c.device.scale) } == [expected.limit])
            // Preflight
            #expect(report.answers.count == 1 && report.notShown.isEmpty)
            #expect(report.answers.first?.limit == expected.limit)
            #expect(report.answers.first?.isLimitInferred == expected.inferred)
            #expect(report.fits == fits)
            #expect(report.largestFittingSize == plans.first?.target)
        }
    }

    /// The drift this walk ended: CarPlay's scale is inferred, so its small view's limit is too, for
    /// `Preflight` as for `check`.
    @Test func carPlaysSmallLimitIsInferredForPreflightAsForCheck() throws {
        let carplay = try #require(Self.table.devices.first { $0.family == .carplay })
        let info = ImageInfo(format: .png, width: 4000, height: 4000, orientation: .up, colorModel: .rgba,
                             hasAlphaChannel: true, fileSize: 100)
        let answer = try #require(Preflight().check(info, shownIn: [.small], on: [carplay]).answers.first)
        #expect(answer.isLimitInferred)
        #expect(answer.reason.contains("a size we inferred"))
        let finding = try #require(AssetChecker.findings(for: Self.asset(PixelSize(width: 4000, height: 4000), scale: 2),
                                                         presentations: [.small], devices: [carplay]).first { $0.rule == .oversized })
        #expect(finding.usesInferredLimit)
    }
}

/// An image nobody placed is held, on each iPhone and iPad, to the larger of its Lock Screen and expanded
/// sizes, and nowhere else: `check`, `fit`'s plans and the report's drawings agree on that limit.
@Suite struct UnstatedLimitWalkTests {
    @Test(arguments: SizeTable.bundled.devices)
    func checkFitAndReportHoldAnUnplacedImageToTheSameLimit(_ device: DeviceClass) throws {
        let expected = device.unstatedPresentationLimit.map { $0.limit(atScale: device.scale) }
        let limit = expected ?? PixelSize(width: 100, height: 100)
        for (size, fits) in [(limit, true), (PixelSize(width: limit.width + 1, height: limit.height), false)] {
            let asset = LimitWalkTests.asset(size, scale: device.scale)
            let oversized = AssetChecker.findings(for: asset, presentations: nil, devices: [device]).filter { $0.rule == .oversized }
            let plans = FitPlan.plans(for: asset, presentations: nil, devices: [device])
            let drawings = ReportDrawing.drawings(for: asset, presentations: nil, devices: [device])
            guard let expected else {
                #expect(oversized.isEmpty && plans.isEmpty && drawings.isEmpty)
                continue
            }
            #expect(oversized.isEmpty == fits)
            #expect(oversized.first.map { $0.violations.map(\.limit) } ?? [expected] == [expected])
            #expect(plans.map(\.box) == [expected])
            #expect(device.limits(for: nil).map { $0.limit(atScale: device.scale) } == [expected])
            #expect(!drawings.isEmpty && drawings.allSatisfy { $0.limit == expected && $0.fits == fits })
        }
    }
}
