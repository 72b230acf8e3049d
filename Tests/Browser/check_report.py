#!/usr/bin/env python3
"""Opens an HTML report of `liveassets check` in headless Chromium and checks it against the JSON
report of the same run and the size table, as the report's DOM contract promises:

- every drawn image's size in points (data-points) is its size in pixels (from `liveassets info`, or
  what `fit --dry-run` writes for fit's result) over its device's scale (from the table), and its box
  is that times its surface's scale (1, or the StandBy scale the table gives: StandBy size over Lock
  Screen size), within half a CSS pixel; fit's result lies inside its slot;
- every slot's box is the table's size of its presentation on its device times the same scale;
- the (image, device, presentation) drawn with data-fits="false" are exactly the oversized findings'
  violations in the JSON report (a drawing stands for every device its data-device lists, and is
  checked against each);
- at 1400x900 the page, as it opens (the drawings of images that fit folded), is at most MAX_HEIGHT
  CSS px tall, its overview's first row within the first 900 px, and the overview table (data-overview)
  stands before the first image's section, with a
  row per drawn image and, in each, a cell per presentation whose data-fits agrees with the drawings;
- every finding is a row with data-rule; the device filter hides the other devices' drawings; the
  severity filter hides the overview's rows of images without that severity;
- no request leaves the page and the console has no error (a CSP violation is one);
- the filters work from the keyboard (Tab to the device filter, an arrow key to change it);
- at 200 % zoom (a 640 CSS px wide window) nothing makes the page scroll sideways;
- the dark appearance gives a dark page with light text.

Usage: check_report.py REPORT.html REPORT.json TABLE.json EXPECTED.json SCREENSHOT.png MAX_HEIGHT
EXPECTED.json: {"sizes": {image: [w, h]}, "fitted": {image: [w, h]}}, in pixels, upright.
Prints "ok: ..." and exits 0, or prints each failure and exits 1.
"""
import json
import sys

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

html_path, json_path, table_path, expected_path, screenshot_path, max_height = sys.argv[1:7]
max_height = float(max_height)
report = json.load(open(json_path))
table = json.load(open(table_path))
expected = json.load(open(expected_path))
failures = []

sizes = {}  # (device, presentation) -> (width, height) in points
standby = {}  # device -> StandBy scale
device_scale = {}
for device in table["devices"]:
    device_scale[device["id"]] = device["scale"]
    presentations = device.get("presentations", {})
    for name, size in presentations.items():
        sizes[(device["id"], name)] = (size["width"], size["height"])
    lock = presentations.get("lock-screen")
    if "standby" in device and lock:
        standby[device["id"]] = min(device["standby"]["width"] / lock["width"], device["standby"]["height"] / lock["height"])


def scale_of(element):
    if element["surface"] == "standby" and element["presentation"] == "lock-screen":
        return standby[element["device"]]
    return 1.0


options = webdriver.ChromeOptions()
options.binary_location = "/usr/bin/chromium"
for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1400,900",
                 "--force-device-scale-factor=1", "--disable-dev-shm-usage"]:
    options.add_argument(argument)
options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
try:
    driver.get("file://" + html_path)
    # The page as it opens: its height, and the overview before the first image's section.
    layout = driver.execute_script("""
        const overview = document.querySelector('table[data-overview]'), first = document.querySelector('section.image');
        return {
          height: document.documentElement.scrollHeight,
          overviewEnd: overview === null ? null : (overview.querySelector('tbody tr') ?? overview).getBoundingClientRect().bottom + scrollY,
          before: overview !== null && (first === null || (overview.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0),
          rows: [...document.querySelectorAll('table[data-overview] tr[data-image]')].map(r => ({
            image: r.dataset.image,
            cells: Object.fromEntries([...r.querySelectorAll('td[data-presentation]')].map(c => [c.dataset.presentation, c.dataset.fits])) })),
        };
    """)
    if layout["height"] > max_height:
        failures.append(f"the page is {layout['height']} CSS px tall at 1400x900, over {max_height:.0f}")
    if layout["overviewEnd"] is not None and layout["overviewEnd"] > 900:
        failures.append(f"the overview's first row ends {layout['overviewEnd']:.0f} CSS px down the page, past the first 900 px of a 1400x900 window")
    if not layout["before"]:
        failures.append("no overview table before the first image's section")
    # Every drawing measured: the folded ones opened.
    driver.execute_script("for (const d of document.querySelectorAll('section.image details')) d.open = true;")
    elements = driver.execute_script("""
        const box = e => { const r = e.getBoundingClientRect(); return [r.width, r.height]; };
        return {
          assets: [...document.querySelectorAll('[data-image][data-points]')].map(e => ({
            image: e.dataset.image, device: e.dataset.device, presentation: e.dataset.presentation,
            surface: e.dataset.surface, fits: e.dataset.fits, points: e.dataset.points,
            fitted: e.dataset.fitted === 'true', box: box(e) })),
          slots: [...document.querySelectorAll('[data-slot]')].map(e => ({
            slot: e.dataset.slot, device: e.dataset.device, presentation: e.dataset.presentation,
            surface: e.dataset.surface, box: box(e) })),
          rows: [...document.querySelectorAll('tr[data-rule]')].map(e => e.dataset.rule),
        };
    """)
    # A drawing that stands for several devices is checked as each of them.
    drawings = len(elements["assets"])
    assets = [dict(a, device=d) for a in elements["assets"] for d in a["device"].split(" ")]
    slots = [dict(s, device=d) for s in elements["slots"] for d in s["device"].split(" ")]
    if not assets:
        failures.append("no drawn image in the page")
    slot_boxes = {(s["device"], s["presentation"], s["surface"]): s["box"] for s in slots}
    for asset in assets:
        width, height = (float(v) for v in asset["points"].split("x"))
        source = expected["fitted" if asset["fitted"] else "sizes"].get(asset["image"])
        if source is None:
            failures.append(f"{asset['image']}: no {'fit result' if asset['fitted'] else 'size'} to compare with")
            continue
        points = (source[0] / device_scale[asset["device"]], source[1] / device_scale[asset["device"]])
        if abs(width - points[0]) > 0.006 or abs(height - points[1]) > 0.006:
            failures.append(f"{asset['image']} on {asset['device']}: data-points {asset['points']}, expected {points}")
        scale = scale_of(asset)
        slot = slot_boxes.get((asset["device"], asset["presentation"], asset["surface"]))
        if asset["fitted"] and slot and (asset["box"][0] > slot[0] + 0.5 or asset["box"][1] > slot[1] + 0.5):
            failures.append(f"fit's result for {asset['image']} on {asset['device']} overflows its slot")
        if abs(asset["box"][0] - width * scale) > 0.5 or abs(asset["box"][1] - height * scale) > 0.5:
            failures.append(f"{asset['image']} on {asset['device']} in {asset['presentation']} ({asset['surface']}): "
                            f"box {asset['box']}, expected {width * scale}x{height * scale}")
    for slot in slots:
        if slot["slot"] != slot["presentation"]:
            failures.append(f"slot {slot['slot']} says presentation {slot['presentation']}")
        width, height = sizes[(slot["device"], slot["presentation"])]
        scale = scale_of(slot)
        if abs(slot["box"][0] - width * scale) > 0.5 or abs(slot["box"][1] - height * scale) > 0.5:
            failures.append(f"slot {slot['presentation']} on {slot['device']} ({slot['surface']}): box {slot['box']}, "
                            f"expected {width * scale}x{height * scale}")

    oversized = {(f["image"], v["device"], v["presentation"])
                 for f in report["findings"] if f["rule"] == "oversized" for v in f["violations"]}
    drawn_over = {(a["image"], a["device"], a["presentation"]) for a in assets if a["fits"] == "false" and not a["fitted"]}
    # The overview: a row per drawn image, and each cell as its drawings say.
    drawn_images = {a["image"] for a in assets if not a["fitted"]}
    if sorted(r["image"] for r in layout["rows"]) != sorted(drawn_images):
        failures.append(f"overview rows {len(layout['rows'])}, drawn images {len(drawn_images)}")
    for row in layout["rows"]:
        for presentation, fits in row["cells"].items():
            mine = [a for a in assets if a["image"] == row["image"] and a["presentation"] == presentation and not a["fitted"]]
            said = "unshown" if not mine else "false" if any(a["fits"] == "false" for a in mine) else "true"
            if fits != said:
                failures.append(f"overview says {row['image']} in {presentation} is {fits}, its drawings {said}")
    for missing in sorted(oversized - drawn_over):
        failures.append(f"oversized in the JSON report but not drawn so: {missing}")
    for extra in sorted(drawn_over - oversized):
        failures.append(f"drawn oversized but not in the JSON report: {extra}")
    if sorted(elements["rows"]) != sorted(f["rule"] for f in report["findings"]):
        failures.append(f"finding rows {len(elements['rows'])}, JSON findings {len(report['findings'])}")

    # The device filter: choosing one device leaves only its drawings shown.
    devices = sorted({a["device"] for a in assets})
    if devices:
        Select(driver.find_element("id", "f-device")).select_by_value(devices[0])
        shown = driver.execute_script(
            "return [...document.querySelectorAll('figure.drawing')].filter(e => e.offsetParent !== null)"
            ".map(e => e.querySelector('[data-slot]').dataset.device)")
        if not shown or any(devices[0] not in listed.split(" ") for listed in shown):
            failures.append(f"filtering by {devices[0]} shows {sorted(set(shown))}")
        Select(driver.find_element("id", "f-device")).select_by_value("")

    # The severity filter applies to the overview: "errors" leaves the rows of images with an error.
    Select(driver.find_element("id", "f-severity")).select_by_value("error")
    rows = driver.execute_script(
        "return [...document.querySelectorAll('table[data-overview] tr[data-image]')]"
        ".map(r => [r.dataset.severities, r.offsetParent !== null])")
    if any(("error" in severities.split(" ")) != visible for severities, visible in rows):
        failures.append(f"filtering errors leaves overview rows {rows}")
    Select(driver.find_element("id", "f-severity")).select_by_value("")

    # The keyboard: Tab from the top reaches the device filter; the down arrow chooses the next device.
    if devices:
        driver.get("file://" + html_path)  # focus navigation starts again at the top
        driver.execute_script("for (const d of document.querySelectorAll('section.image details')) d.open = true;")
        for _ in range(8):
            ActionChains(driver).send_keys(Keys.TAB).perform()
            if driver.execute_script("return document.activeElement.id") == "f-device":
                break
        if driver.execute_script("return document.activeElement.id") != "f-device":
            failures.append("Tab does not reach the device filter within 8 presses")
        else:
            ActionChains(driver).send_keys(Keys.ARROW_DOWN).perform()
            chosen = driver.execute_script("return document.getElementById('f-device').value")
            shown = driver.execute_script(
                "return [...document.querySelectorAll('figure.drawing')].filter(e => e.offsetParent !== null)"
                ".map(e => e.querySelector('[data-slot]').dataset.device)")
            if chosen == "" or any(chosen not in listed.split(" ") for listed in shown):
                failures.append(f"choosing a device from the keyboard ({chosen!r}) leaves {sorted(set(shown))} shown")
        Select(driver.find_element("id", "f-device")).select_by_value("")

    # As the page opens, each device chosen, alone, with each severity and (the first eight) with each
    # presentation, leaves: in every open section still shown a drawing one sees (a fold whose drawings are
    # the only ones left opens) and no empty fold; no row of the overview or finding linking to an image
    # with nothing drawn; each overview cell that device's own case; with a severity, no image without a
    # finding of it left; with a presentation, only its column of the overview. (checkVisibility, not offsetParent:
    # Chromium hides a closed <details>'s content by content-visibility.)
    driver.get("file://" + html_path)
    drawn_on = {(a["image"], a["device"], a["presentation"]) for a in assets if not a["fitted"]}
    models = {d["id"]: [m if isinstance(m, str) else m["name"] for m in d.get("models") or []] or [d["id"]] for d in table["devices"]}
    presentations = [o.get_attribute("value") for o in driver.find_elements("css selector", "#f-presentation option")][1:]
    for index, device in enumerate(devices):
        for severity, presentation in [("", "")] + [(s, "") for s in ("error", "warning")] + [("", p) for p in presentations if index < 8]:
            Select(driver.find_element("id", "f-severity")).select_by_value(severity)
            Select(driver.find_element("id", "f-device")).select_by_value(device)
            Select(driver.find_element("id", "f-presentation")).select_by_value(presentation)
            bare, stray, columns, cells, unfound = driver.execute_script(
                "const bare = [...document.querySelectorAll('section.image:not([hidden]) > details[open]')]"
                ".filter(d => ![...d.querySelectorAll('figure.drawing')].some(f => f.checkVisibility())"
                " || [...d.querySelectorAll('details.more')].some(m => m.checkVisibility()"
                " && !m.querySelector('figure.drawing:not([hidden])'))).map(d => d.parentElement.dataset.image);"
                "const stray = [...document.querySelectorAll('tr[data-image], tr[data-rule]')].filter(r => !r.hidden)"
                ".map(r => r.querySelector('a[href^=\"#img-\"]')).filter(a => a !== null)"
                ".filter(a => { const s = document.getElementById(a.hash.slice(1));"
                " return s.hidden || !s.querySelector('figure.drawing:not([hidden])'); }).map(a => a.textContent);"
                "const columns = [...new Set([...document.querySelectorAll('table[data-overview] [data-presentation]')]"
                ".filter(e => e.checkVisibility()).map(e => e.dataset.presentation))];"
                "const cells = [...document.querySelectorAll('tr[data-image]')].filter(r => !r.hidden)"
                ".flatMap(r => [...r.querySelectorAll('td[data-presentation]')].filter(c => !c.hidden)"
                ".map(c => [r.dataset.image, c.dataset.presentation, c.dataset.shows, c.textContent]));"
                "const about = new Set([...document.querySelectorAll('tr[data-rule][data-sections]')].filter(r => !r.hidden)"
                ".flatMap(r => r.dataset.sections.split(' ')));"
                "const unfound = arguments[0] === '' ? [] : [...document.querySelectorAll('section.image')]"
                ".filter(e => !e.hidden && !about.has(e.id)).map(e => e.dataset.image);"
                "return [bare, stray, columns, cells, unfound];", severity)
            chosen = " and ".join(v for v in (severity, device, presentation) if v)
            if unfound:
                failures.append(f"filtering by {chosen} shows {unfound} with no finding of that severity left")
            if bare:
                failures.append(f"filtering by {chosen} leaves {bare} with no drawing in sight, or an empty fold")
            if stray:
                failures.append(f"filtering by {chosen} leaves rows of images with nothing drawn: {stray}")
            # Each cell left is the chosen device's: over where the JSON report has that violation, not used
            # where nothing is drawn there, and named by one of the device's models.
            for image, shown_in, shows, text in cells:
                said = ("unshown" if (image, device, shown_in) not in drawn_on
                        else "false" if (image, device, shown_in) in oversized else "true")
                if shows != said or (said != "unshown" and not any(m in text for m in models.get(device, [device]))):
                    failures.append(f"filtering by {chosen}, the overview says {image} in {shown_in} is {shows} ({text}); expected {said}")
            if presentation and columns not in ([], [presentation]):
                failures.append(f"filtering by {chosen} leaves the overview's columns {columns}")
    Select(driver.find_element("id", "f-severity")).select_by_value("")
    Select(driver.find_element("id", "f-device")).select_by_value("")
    Select(driver.find_element("id", "f-presentation")).select_by_value("")

    # A link in the overview opens the image's drawings, folded or not.
    links = driver.find_elements("css selector", "table[data-overview] a[href^='#img-']")
    if links:
        target = links[-1].get_attribute("href").split("#")[1]
        links[-1].click()
        if not driver.execute_script(f"return document.getElementById('{target}').querySelector('details').open"):
            failures.append(f"the overview's link to {target} leaves its drawings folded")

    # 200 % zoom: the layout viewport is half as wide.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 640, "height": 900, "deviceScaleFactor": 2, "mobile": False})
    sideways = driver.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
    if sideways > 0:
        failures.append(f"at 200 % zoom the page scrolls {sideways} CSS px sideways")
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})

    # The dark appearance.
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    colours = driver.execute_script(
        "const s = getComputedStyle(document.body); return [s.backgroundColor, s.color]")
    def lightness(css):
        r, g, b = (int(v) for v in css[css.index("(") + 1:css.index(")")].split(",")[:3])
        return (r + g + b) / 3
    if not (lightness(colours[0]) < 64 and lightness(colours[1]) > 192):
        failures.append(f"the dark appearance gives background {colours[0]} and text {colours[1]}")
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})

    driver.save_screenshot(screenshot_path)
    for entry in driver.get_log("browser"):
        if entry["level"] in ("SEVERE", "ERROR"):
            failures.append(f"console: {entry['message']}")
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.requestWillBeSent":
            url = message["params"]["request"]["url"]
            if not (url.startswith("data:") or url == "file://" + html_path):
                failures.append(f"request left the page: {url}")
finally:
    driver.quit()

if failures:
    print("\n".join(failures))
    sys.exit(1)
drawn = sorted({f"{a['presentation']} on {a['surface']}" for a in assets})
print(f"ok: {drawings} drawings for {len(assets)} (image, device) pairs and {len(slots)} slots at their sizes, "
      f"{len(oversized)} oversized drawn so, a page {layout['height']} CSS px tall with its overview first, "
      f"{len(elements['rows'])} finding rows, no request, no console error, keyboard, 200 % zoom and dark appearance; "
      f"drawn: {', '.join(drawn)}")
