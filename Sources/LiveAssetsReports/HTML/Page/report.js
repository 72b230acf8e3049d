// The HTML report's script: HTMLReport embeds it in the page, whose Content-Security-Policy names its
// SHA-256 (HTMLReport.scriptHash). It only draws and filters what the page holds: every limit, ranking and
// name comes from the check.
const main = document.querySelector('main');
const frames = JSON.parse(main.dataset.frames), names = JSON.parse(main.dataset.devices), standby = JSON.parse(main.dataset.standby);
const called = JSON.parse(main.dataset.called);  // each device's name, as findings call it
const noStandby = JSON.parse(main.dataset.noStandby);
const records = new Map();  // each section's drawings, for the overview under the device filter
// "73x73 px " for the variant of `scale` fit adds from the section's file (data-added "2:73x73 px ").
const added = (section, scale) => ((section.dataset.added ?? '').split(',').find(v => v.startsWith(scale + ':')) ?? ':').split(':')[1];
const make = (tag, className, parent) => {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (parent) parent.append(e);
  return e;
};
const place = (e, x, y, w, h) => Object.assign(e.style, { left: x + 'px', top: y + 'px', width: w + 'px', height: h + 'px' });
function figure(section, picture, [f, kind, x, y, w, h, fits, variant, pw, ph]) {
  const image = section.dataset.image, pixels = section.dataset.pixels;
  const frame = frames[f], fitted = kind === 2, points = w + 'x' + h;
  const figure = make('figure', fitted ? 'drawing after' : 'drawing');
  const box = make('div', 'box', make('div', 'stage', figure));
  // The box holds the surface and the part of the image past it that the stage's 24 px margin does not,
  // less 4 px for the outline (at most 120 px more each way: past that the card cuts it, and says so).
  let cut = false;
  const k = frame.scale, grow = v => { const more = Math.max(0, v * k - 20); cut ||= more > 122; return Math.min(120, more); };
  const left = grow(-(frame.sx + x)), top = grow(-(frame.sy + y));
  const right = grow(frame.sx + x + w - frame.w), bottom = grow(frame.sy + y + h - frame.h);
  Object.assign(box.style, { width: frame.w * k + left + right + 'px', height: frame.h * k + top + bottom + 'px' });
  const surface = make('div', 'frame ' + frame.surface, box);
  Object.assign(surface.style, { left: left + 'px', top: top + 'px', width: frame.w + 'px', height: frame.h + 'px', borderRadius: frame.r + 'px' });
  if (frame.scale !== 1) surface.style.transform = 'scale(' + frame.scale + ')';
  if (frame.cw !== undefined) Object.assign(make('div', 'companion', surface).style, { left: frame.cx + 'px', width: frame.cw + 'px' });
  const mark = e => {
    Object.assign(e.dataset, { device: frame.device, presentation: frame.presentation, surface: frame.surface });
    if (fitted) e.dataset.fitted = 'true';
  };
  const slot = make('div', 'slot', surface);
  slot.dataset.slot = frame.presentation;
  mark(slot);
  place(slot, frame.sx, frame.sy, frame.sw, frame.sh);
  const asset = make('div', 'asset ' + picture + (fits ? '' : ' over'), slot);
  asset.dataset.image = image;
  mark(asset);
  Object.assign(asset.dataset, { fits: String(fits === 1), points });
  place(asset, x, y, w, h);
  // The outline of what overflows, beside the image (a mask on the image would clip its own outline).
  if (!fits) place(make('div', 'overflow', slot), x, y, w, h);
  // "300x300 px (100x100 pt): over the 157x110 px limit (52.33x36.67 pt, inferred): Activity.request may fail"
  const caption = make('figcaption', '', figure);
  const say = (text, tag, word) => { if (tag) make(tag, '', caption).textContent = word; caption.append(text); };
  const limit = frame.lw + 'x' + frame.lh + ' px limit (' + frame.sw + 'x' + frame.sh + ' pt'
    + (typeof frame.inferred === 'string' ? ', inferred for some of these models' : frame.inferred ? ', inferred' : '') + ')';
  say((fitted ? 'After fit: ' : '') + frame.place + (frame.scale !== 1 ? ' (shown x' + Math.round(frame.scale * 100) / 100 + ' there)' : '') + '. ');
  say((fitted ? pw + 'x' + ph : pixels) + ' px (' + points + ' pt): ');
  if (fits) say('fits the ' + limit);
  else say(' the ' + limit + ': Activity.request may fail', 'strong', 'over');
  if (cut) { say('; cut at the edge of the card'); figure.classList.add('cut'); }
  // A file of another scale is drawn as the limit counts it; the device shows it at its own scale.
  if (variant !== frame.ds)
    say('; a @' + variant + 'x file: unless the view sizes it, this @' + frame.ds + 'x device lays it out at ' + variant
      + ' px a point, ' + Math.round(frame.ds / variant * 100) / 100 + ' times the size drawn here');
  if (kind === 1) { say('; '); say(' adds a ' + added(section, frame.ds) + '@' + frame.ds + 'x variant this device uses instead', 'code', 'fit'); }
  // Every model of the device classes that show this picture, once (a model may be in two classes); in
  // StandBy, those that run it.
  const models = [...new Set(frame.device.split(' ').flatMap(id => names[id] ?? [id]))]
    .filter(m => frame.surface !== 'standby' || !noStandby.includes(m)), line = make('span', 'who', caption);
  if (models.length <= 2) line.textContent = 'On ' + models.join(' and ');
  else {
    const list = make('details', '', line);
    make('summary', '', list).textContent = 'On ' + models[0] + ' and ' + (models.length - 1) + ' more models';
    list.append(models.join(', '));
  }
  return figure;
}
for (const section of document.querySelectorAll('section.image')) {
  const holder = section.querySelector('.drawn'), picture = 'p' + section.id.slice(4), list = make('div', 'drawings', holder);
  const drawings = JSON.parse(holder.dataset.drawings);
  for (const drawing of drawings) list.append(figure(section, picture, drawing));
  records.set(section.id, drawings.concat(JSON.parse(holder.dataset.more ?? '[]')));
  if (holder.dataset.more === undefined) continue;
  // The other devices' limits, and where it fits: folded below the worst cases.
  const folded = make('details', 'more', holder), rest = (make('summary', '', folded), make('div', 'drawings', folded));
  for (const drawing of JSON.parse(holder.dataset.more)) rest.append(figure(section, picture, drawing));
}
// A link to an image's drawings opens them.
const reveal = () => {
  const target = location.hash.startsWith('#img-') ? document.getElementById(location.hash.slice(1)) : null;
  if (target) target.querySelector('details').open = true;
};
addEventListener('hashchange', reveal);
for (const a of document.querySelectorAll('a[href^="#img-"]'))
  a.addEventListener('click', () => { document.getElementById(a.hash.slice(1)).querySelector('details').open = true; });
reveal();

// The worst case of an image in a presentation on device d, said in `cell` as the overview says it: the
// record the report chose for d (its data-worst: "record:device device;..."), in the words of the cell.
function worstOn(cell, section, d) {
  const chosen = (cell.dataset.worst ?? '').split(';').find(e => e.slice(e.indexOf(':') + 1).split(' ').includes(d));
  cell.replaceChildren();
  if (chosen === undefined) {
    cell.dataset.shows = 'unshown';
    cell.append(cell.parentElement.dataset.unstated === undefined ? 'not used on this device' : 'not checked (no stated presentation)');
    return;
  }
  const r = records.get(section.id)[Number(chosen.slice(0, chosen.indexOf(':')))], f = frames[r[0]];
  const inferred = f.inferred === true || (typeof f.inferred === 'string' && f.inferred.split(' ').includes(d));
  const where = f.surface === 'standby' ? ' in StandBy' : f.surface === 'smart-stack' ? ' in the Smart Stack' : '';
  const limit = 'the ' + f.lw + 'x' + f.lh + ' px limit' + (inferred ? ' (inferred)' : '') + where
    + ' on ' + ((f.surface === 'standby' && standby[d]) || called[d]);
  cell.dataset.shows = String(r[6] === 1);
  if (r[6] === 1) { cell.append('fits ' + limit); return; }
  make('strong', '', cell).textContent = 'over';
  cell.append(' ' + limit);
  if (r[1] === 1 || section.dataset.fitted !== undefined) { cell.append('; '); make('code', '', cell).textContent = 'fit'; }
  if (r[1] === 1) cell.append(' adds a ' + added(section, f.ds) + '@' + f.ds + 'x variant');
  else if (section.dataset.fitted !== undefined) cell.append(': ' + section.dataset.fitted + ' px');
}

const value = id => document.getElementById(id).value, said = new Map();
function apply() {
  const s = value('f-severity'), d = value('f-device'), p = value('f-presentation');
  const lacks = (list, v) => v !== '' && list !== undefined && !list.split(' ').includes(v);
  const shown = (e, selector) => e.querySelectorAll(selector + ':not([hidden])').length;
  for (const e of document.querySelectorAll('figure.drawing')) {
    const slot = e.querySelector('[data-slot]').dataset;
    e.hidden = lacks(slot.device, d) || (p !== '' && slot.presentation !== p);
  }
  // The findings the filters leave, before the sections: with a severity chosen, an image is shown only
  // where one of its findings of that severity is left.
  const about = new Set();
  for (const e of document.querySelectorAll('tr[data-rule]')) {
    e.hidden = (s !== '' && e.dataset.severity !== s) || lacks(e.dataset.devices, d) || lacks(e.dataset.presentations, p);
    if (!e.hidden) for (const id of (e.dataset.sections ?? '').split(' ')) about.add(id);
  }
  // An image is shown where a drawing of it is left: its section, its row in the overview and its findings.
  for (const e of document.querySelectorAll('section.image')) {
    e.hidden = (s !== '' && !about.has(e.id)) || shown(e, 'figure.drawing') === 0;
    const folded = e.querySelector('details.more');
    if (!folded) continue;
    // The fold counts what the filters leave in it, and opens where nothing is left above it.
    const over = shown(folded, 'figure.drawing:not(.after):has(.asset.over)'), all = shown(folded, 'figure.drawing:not(.after)');
    const bare = shown(e.querySelector('.drawings'), 'figure.drawing') === 0;
    folded.hidden = all === 0;
    const after = shown(folded, 'figure.after') > 0 ? ' (each beside what fit writes)' : '';
    folded.querySelector('summary').textContent = all + (bare ? '' : ' more') + ' drawing' + (all === 1 ? '' : 's') + ': '
      + [over && over + ' over their limit' + after, all - over && (all - over) + ' where it fits'].filter(Boolean).join(', ');
    if (bare && !folded.open) { folded.open = true; folded.dataset.opened = ''; }
    else if (!bare && folded.dataset.opened !== undefined) { folded.open = false; delete folded.dataset.opened; }
  }
  for (const e of document.querySelectorAll('table[data-overview] th[data-presentation]')) e.hidden = p !== '' && e.dataset.presentation !== p;
  // An overview row goes with its image's section; with a device chosen, a cell gives that device's own case.
  for (const row of document.querySelectorAll('tr[data-image]')) {
    const section = document.getElementById(row.querySelector('a').hash.slice(1));
    row.hidden = section.hidden;
    for (const e of row.querySelectorAll('td[data-presentation]')) {
      e.hidden = p !== '' && e.dataset.presentation !== p;
      if (!said.has(e)) said.set(e, [...e.childNodes]);
      if (d === '') { e.replaceChildren(...said.get(e)); delete e.dataset.shows; }
      else worstOn(e, section, d);
    }
  }
  // A finding about images all hidden is hidden with them.
  for (const e of document.querySelectorAll('tr[data-rule][data-sections]'))
    e.hidden ||= e.dataset.sections.split(' ').every(id => document.getElementById(id).hidden);
  const rows = document.querySelectorAll('tr[data-rule]'), title = document.querySelector('.findings h2');
  if (title) title.textContent = 'Findings (' + (s + d + p === '' ? rows.length : shown(document, 'tr[data-rule]') + ' of ' + rows.length) + ')';
  const left = shown(document, 'section.image') > 0;
  for (const empty of document.querySelectorAll('.empty')) empty.hidden = left;
  for (const table of document.querySelectorAll('.findings table, table[data-overview]')) table.hidden = shown(table, 'tbody tr') === 0;
  // The overview's lead says whose worst case its cells give.
  const lead = document.querySelector('.overview .lead'), chosen = names[d] ?? [];
  if (lead) lead.textContent = d === '' ? (lead.dataset.all ??= lead.textContent)
    : 'Each cell gives the worst case on ' + called[d] + (chosen.length > 1 ? ' and ' + (chosen.length - 1) + (chosen.length === 2 ? ' more model' : ' more models') : '') + '.';
}
for (const id of ['f-severity', 'f-device', 'f-presentation']) document.getElementById(id).addEventListener('change', apply);
apply();
