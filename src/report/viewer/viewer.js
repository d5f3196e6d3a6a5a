// slamrs report viewer. Builds the page once from the JSON in script#report, then walks
// the counterexample by moving classes. Every text of the report goes into the DOM with
// textContent: nothing from the data is ever parsed as HTML.
(function () {
  'use strict';

  let data;
  try {
    data = JSON.parse(document.getElementById('report').textContent);
  } catch (e) {
    document.getElementById('verdict').textContent = 'The report data of this page is unreadable: ' + e;
    return;
  }
  const r = data.report || {};
  const trace = Array.isArray(r.trace) ? r.trace : [];
  const sources = Array.isArray(data.sources) ? data.sources : [];
  const prefix = data.rule_state_prefix || null;
  const $ = (id) => document.getElementById(id);

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }
  function shortName(f) {
    const s = String(f || '');
    const i = s.lastIndexOf('/');
    return i >= 0 ? s.slice(i + 1) : s;
  }
  // how the step list names a file other than the checked one
  function fileLabel(f) {
    const m = /^<builtin:(.*)>$/.exec(String(f));
    return m ? m[1] : shortName(f);
  }
  function plural(n, word) { return n + ' ' + word + (n === 1 ? '' : 's'); }
  function secs(x) { return (typeof x === 'number' ? x : 0).toFixed(2) + ' s'; }

  // ---------------------------------------------------------------- summary
  const VERDICT = {
    'violation': 'VIOLATION', 'safe': 'SAFE', 'unknown': 'UNKNOWN',
    'not-applicable': 'NOT APPLICABLE', 'error': 'ERROR',
  };
  const checked = r.checked || { kind: 'assertions', name: 'assertions', description: '' };
  const phrase = checked.kind === 'rule' ? 'rule ' + checked.name
    : checked.kind === 'property' ? 'property ' + checked.name : 'assertions';

  function headline() {
    const h = $('verdict');
    const v = r.verdict || 'unknown';
    h.appendChild(el('span', 'badge ' + v, VERDICT[v] || String(v).toUpperCase()));
    let text = '';
    const st = r.stats || {};
    switch (v) {
      case 'violation':
        text = 'of ' + phrase + ': ' + (r.message || 'an error location is reachable');
        break;
      case 'safe': {
        const how = r.proof === 'exploration'
          ? 'every feasible path explored: ' + plural(st.explored_paths || 0, 'path')
          : r.proof === 'mixed' ? 'mixed symbolic reachability'
            : plural(r.predicates || 0, 'predicate') + ', ' + plural(r.iterations || 0, 'iteration');
        text = phrase + ' holds (' + how + ')';
        break;
      }
      case 'unknown':
        text = (r.reason && r.reason.message) || 'no answer';
        break;
      case 'not-applicable':
        text = phrase + ': the driver calls none of the functions it observes';
        break;
      case 'error':
        text = String((r.error && r.error.message) || 'bad input').replace(/^error:\s*/, '');
        break;
      default:
        text = phrase;
    }
    h.appendChild(el('span', 'headline-text', text));
    if (v === 'unknown' && r.reason && r.reason.kind) h.appendChild(el('span', 'reason-kind', r.reason.kind));
    if (v === 'error' && r.error && r.error.kind) h.appendChild(el('span', 'reason-kind', r.error.kind + ' error'));

    if (r.status) {
      const s = $('sdv-status');
      s.hidden = false;
      s.appendChild(document.createTextNode('SDV status '));
      s.appendChild(el('b', null, r.status));
    }
    const t = r.tool || {};
    $('tool').textContent = [t.name || 'slamrs', t.version, t.commit ? 'git ' + t.commit : '', t.z3 ? 'Z3 ' + t.z3 : '']
      .filter(Boolean).join(' · ');
    document.title = 'slamrs: ' + (VERDICT[v] || v) + ' — ' + shortName(r.file);
  }

  function ruleLine() {
    const d = $('rule');
    const kind = checked.kind === 'rule' ? 'Rule' : checked.kind === 'property' ? 'Property' : 'Checked';
    d.appendChild(el('span', 'muted', kind + ' '));
    d.appendChild(el('span', 'rule-name', checked.name));
    if (checked.description) d.appendChild(el('span', null, ' — ' + checked.description));
    const f = $('checked-file');
    f.appendChild(document.createTextNode('File '));
    f.appendChild(el('code', null, r.file || ''));
    if (r.task && typeof r.task === 'object') {
      // an SV-COMP task definition: its file, property and expected verdict
      f.appendChild(document.createTextNode(' · task '));
      f.appendChild(el('code', null, r.task.file || ''));
      if (r.task.property) {
        f.appendChild(document.createTextNode(' property '));
        f.appendChild(el('code', null, r.task.property));
      }
      const exp = r.task.expected_verdict;
      if (exp === true || exp === false) {
        const agrees = r.verdict === 'safe' ? exp : r.verdict === 'violation' ? !exp : null;
        f.appendChild(document.createTextNode(' · expects the property to ' + (exp ? 'hold' : 'be violated') +
          (agrees === null ? '' : agrees ? ' (the verdict agrees)' : ' (the verdict DISAGREES)')));
      }
    }
    const eps = Array.isArray(r.entry_points) ? r.entry_points : [];
    if (eps.length) {
      f.appendChild(document.createTextNode(' · entry points '));
      f.appendChild(el('code', null, eps.map((e) => e.role + ': ' + e.function).join(', ')));
    }
  }

  function inputs() {
    if (r.verdict !== 'violation') return;
    $('inputs-card').hidden = false;
    const box = $('inputs');
    const xs = Array.isArray(r.inputs) ? r.inputs : [];
    if (!xs.length) {
      box.appendChild(el('span', 'muted', 'none: the program reads no input on this path'));
      return;
    }
    xs.forEach((x, i) => {
      const c = el('span', 'input');
      c.appendChild(el('span', 'idx', '#' + (i + 1)));
      c.appendChild(document.createTextNode(String(x)));
      box.appendChild(c);
    });
  }

  function stats() {
    const st = r.stats || {};
    const box = $('stats');
    const effort = st.mixed && !r.iterations
      ? plural(st.mixed.iterations || 0, 'iteration') + ' of the mixed search'
      : plural(r.iterations || 0, 'iteration') + ' · ' + plural(r.predicates || 0, 'predicate');
    box.appendChild(el('div', 'line', effort + ' · ' + secs(st.total_s)));
    const rows = [
      ['abstraction', secs(st.abstraction_s)],
      ['model checking', secs(st.model_checking_s)],
      ['refinement', secs(st.refinement_s)],
      ['search', secs(st.search_s)],
      ['native replay', secs(st.native_replay_s)],
      ['Z3 queries', st.z3_queries], ['cache hits', st.cache_hits],
      ['peak BDD nodes', st.peak_bdd_nodes],
      ['explored paths', st.explored_paths], ['exploration queries', st.exploration_queries],
      ['peak memory', (st.peak_memory_mb || 0) + ' MB'],
    ];
    if (st.mixed) {
      for (const k of Object.keys(st.mixed)) rows.push(['mixed ' + k.replace(/_/g, ' '), st.mixed[k]]);
    }
    const det = el('details');
    det.appendChild(el('summary', null, 'details'));
    const tb = el('table');
    for (const [k, v] of rows) {
      const tr = el('tr');
      tr.appendChild(el('td', null, k));
      tr.appendChild(el('td', null, v === undefined || v === null ? '—' : v));
      tb.appendChild(tr);
    }
    det.appendChild(tb);
    box.appendChild(det);
  }

  headline();
  ruleLine();
  inputs();
  stats();

  if (!trace.length) {
    const nt = $('no-trace');
    nt.hidden = false;
    nt.textContent = r.verdict === 'violation' ? 'This violation has no trace to show.'
      : r.verdict === 'safe' ? 'No counterexample: ' + phrase + ' holds on every run.'
        : r.verdict === 'unknown' ? 'No counterexample was found or confirmed.'
          : r.verdict === 'error' ? 'The input could not be checked.' : 'No counterexample.';
    if (r.verdict === 'error') $('stats-card').hidden = true;
    const d = document.querySelector('#stats details');
    if (d) d.open = true;
    return;
  }

  // ---------------------------------------------------------------- trace model
  const n = trace.length;
  const depth = trace.map((t) => Math.max(0, Number(t.depth) || 0));
  // end[i]: the first step after the call made on step i (i itself if it makes none)
  const end = new Array(n);
  const stack = [];
  for (let i = n - 1; i >= 0; i--) {
    // nearest later step at depth <= depth[i]
    while (stack.length && depth[stack[stack.length - 1]] > depth[i]) stack.pop();
    end[i] = stack.length ? stack[stack.length - 1] : n;
    stack.push(i);
  }
  const isCall = (i) => i + 1 < n && depth[i + 1] > depth[i];
  const folded = new Array(n).fill(false);
  const hidden = new Array(n).fill(false);
  const lastIsError = r.verdict === 'violation';

  // ---------------------------------------------------------------- source panes
  const srcByName = new Map();
  sources.forEach((s) => srcByName.set(s.name, s));
  for (const t of trace) {
    if (!srcByName.has(t.file)) {
      const s = { name: t.file, origin: 'file', lines: null };
      sources.push(s);
      srcByName.set(t.file, s);
    }
  }
  const lineEl = new Map(); // file \n line -> .src-line
  const fileEl = new Map(); // file -> { tab, body }
  const stepsAt = new Map(); // file \n line -> [step indexes]
  trace.forEach((t, i) => {
    const k = t.file + '\n' + t.line;
    if (!stepsAt.has(k)) stepsAt.set(k, []);
    stepsAt.get(k).push(i);
  });

  const C_KW = new Set(('if else for while do switch case default break continue return goto sizeof typedef ' +
    'struct union enum static extern const volatile register inline restrict __inline __inline__ ' +
    '__attribute__ __extension__ asm __asm__ _Static_assert abort entry exit').split(' '));
  const C_TYPES = new Set(('void char short int long float double signed unsigned _Bool bool size_t ' +
    'ptrdiff_t int8_t int16_t int32_t int64_t uint8_t uint16_t uint32_t uint64_t ptr').split(' '));
  const TOKEN = /(\/\/.*$)|(\/\*)|("(?:[^"\\]|\\.)*"?|'(?:[^'\\]|\\.)*'?)|(\b(?:0[xX][0-9a-fA-F]+|\d+(?:\.\d*)?(?:[eE][-+]?\d+)?)[uUlLfF]*\b)|([A-Za-z_$][A-Za-z0-9_$]*)/g;

  // The line's text as spans of tokens; `inComment` carries a block comment across lines.
  function highlight(text, inComment, into) {
    let i = 0;
    const push = (s, cls) => { if (s) into.appendChild(cls ? el('span', cls, s) : document.createTextNode(s)); };
    if (inComment) {
      const e = text.indexOf('*/');
      if (e < 0) { push(text, 'tok-com'); return true; }
      push(text.slice(0, e + 2), 'tok-com');
      i = e + 2;
    }
    if (/^\s*#/.test(text.slice(i)) && i === 0) { push(text, 'tok-pp'); return false; }
    TOKEN.lastIndex = i;
    let m;
    while ((m = TOKEN.exec(text)) !== null) {
      push(text.slice(i, m.index));
      if (m[1]) { push(m[1], 'tok-com'); i = text.length; TOKEN.lastIndex = i; break; }
      if (m[2]) {
        const e = text.indexOf('*/', m.index + 2);
        if (e < 0) { push(text.slice(m.index), 'tok-com'); return true; }
        push(text.slice(m.index, e + 2), 'tok-com');
        i = e + 2; TOKEN.lastIndex = i; continue;
      }
      if (m[3]) push(m[3], 'tok-str');
      else if (m[4]) push(m[4], 'tok-num');
      else if (m[5]) push(m[5], C_KW.has(m[5]) ? 'tok-kw' : C_TYPES.has(m[5]) ? 'tok-type' : null);
      i = TOKEN.lastIndex;
    }
    push(text.slice(i));
    return false;
  }

  function srcLine(num, text, cls) {
    const d = el('div', 'src-line' + (cls ? ' ' + cls : ''));
    d.dataset.line = String(num);
    d.appendChild(el('span', 'ln', num));
    const c = el('span', 'code');
    d.appendChild(c);
    return [d, c];
  }

  const tabs = $('source-tabs');
  const srcBox = $('source');
  const stepsPerFile = new Map();
  trace.forEach((t) => stepsPerFile.set(t.file, (stepsPerFile.get(t.file) || 0) + 1));
  sources.forEach((s) => {
    const body = el('div', 'src-file');
    body.dataset.file = s.name;
    body.hidden = true;
    const origin = s.origin === 'rule' ? 'rule text' : s.origin === 'generated' ? 'generated by slamrs' : '';
    if (Array.isArray(s.lines)) {
      if (origin) body.appendChild(el('div', 'src-note', s.name + ' — ' + origin));
      let inComment = false;
      s.lines.forEach((text, i) => {
        const [d, c] = srcLine(i + 1, '', '');
        inComment = highlight(String(text), inComment, c);
        body.appendChild(d);
        lineEl.set(s.name + '\n' + (i + 1), d);
      });
    } else {
      // the file could not be read: its trace lines, in order, with the text the report has
      body.appendChild(el('div', 'src-note', s.name + ' could not be read; these are the lines the trace visits.'));
      const seen = new Map();
      trace.forEach((t) => {
        if (t.file === s.name && !seen.has(t.line)) seen.set(t.line, t.source || (t.statements || []).join('; '));
      });
      let prev = null;
      [...seen.keys()].sort((a, b) => a - b).forEach((ln) => {
        if (prev !== null && ln > prev + 1) {
          const [g, gc] = srcLine('⋯', '', 'gap');
          gc.textContent = '';
          body.appendChild(g);
        }
        const [d, c] = srcLine(ln, '', '');
        highlight(String(seen.get(ln) || ''), false, c);
        body.appendChild(d);
        lineEl.set(s.name + '\n' + ln, d);
        prev = ln;
      });
    }
    srcBox.appendChild(body);
    const tab = el('button', 'src-tab');
    tab.type = 'button';
    tab.setAttribute('role', 'tab');
    tab.title = s.name;
    tab.appendChild(document.createTextNode(s.origin === 'rule' ? s.name : shortName(s.name)));
    const count = stepsPerFile.get(s.name) || 0;
    if (count) tab.appendChild(el('span', 'count', count));
    tab.addEventListener('click', () => showFile(s.name));
    tabs.appendChild(tab);
    fileEl.set(s.name, { tab, body });
  });
  for (const [k, idx] of stepsAt) {
    const d = lineEl.get(k);
    if (!d) continue;
    d.classList.add('on-path');
    d.title = (idx.length === 1 ? 'step ' : 'steps ') + idx.slice(0, 12).map((i) => i + 1).join(', ') +
      (idx.length > 12 ? ', …' : '') + ' (click to go to the next visit)';
    d.addEventListener('click', () => {
      const later = idx.find((i) => i > cur && !hidden[i]);
      const first = idx.find((i) => !hidden[i]);
      const to = later !== undefined ? later : first;
      if (to !== undefined) go(to);
    });
  }
  if (r.error_location) {
    const d = lineEl.get(r.error_location.file + '\n' + r.error_location.line);
    if (d) d.classList.add('error-line');
  }

  let shownFile = null;
  function showFile(name) {
    if (shownFile === name) return;
    if (shownFile !== null && fileEl.has(shownFile)) {
      const o = fileEl.get(shownFile);
      o.scrollTop = srcBox.scrollTop;
      o.body.hidden = true;
      o.tab.classList.remove('active');
      o.tab.setAttribute('aria-selected', 'false');
    }
    shownFile = name;
    const f = fileEl.get(name);
    if (!f) return;
    f.body.hidden = false;
    srcBox.scrollTop = f.scrollTop || 0;
    f.tab.classList.add('active');
    f.tab.setAttribute('aria-selected', 'true');
  }

  // ---------------------------------------------------------------- step list
  const stepsBox = $('steps');
  const stepEl = new Array(n);
  const summaryEl = new Array(n);
  const toggleEl = new Array(n);
  const MAX_INDENT = 24;
  const frag = document.createDocumentFragment();
  trace.forEach((t, i) => {
    const s = el('div', 'step');
    s.dataset.index = String(i);
    s.setAttribute('role', 'listitem');
    s.title = (t.function ? 'in ' + t.function + '\n' : '') + (t.statements || []).join('\n');
    s.appendChild(el('span', 'num', i + 1));
    const loc = el('span', 'loc');
    if (t.file !== r.file) loc.appendChild(el('span', 'file', fileLabel(t.file) + ':'));
    loc.appendChild(document.createTextNode(String(t.line)));
    loc.title = t.file + ':' + t.line;
    s.appendChild(loc);
    const body = el('span', 'body');
    body.style.setProperty('--depth', String(Math.min(depth[i], MAX_INDENT)));
    if (depth[i] > MAX_INDENT) body.appendChild(el('span', 'deep', '[depth ' + depth[i] + ']'));
    if (isCall(i)) {
      const tg = el('span', 'fold-toggle', '▾');
      tg.title = 'fold or unfold this call';
      tg.setAttribute('role', 'button');
      tg.addEventListener('click', (ev) => { ev.stopPropagation(); toggle(i); });
      body.appendChild(tg);
      toggleEl[i] = tg;
      s.classList.add('call');
    } else {
      body.appendChild(el('span', 'fold-spacer', ''));
    }
    body.appendChild(el('span', 'code', t.source != null ? String(t.source).trim() : (t.statements || []).join('; ')));
    if (isCall(i)) {
      body.appendChild(el('span', 'callee', '→ ' + trace[i + 1].function));
      const sum = el('span', 'fold-summary', plural(end[i] - i - 1, 'step') + ' folded');
      sum.hidden = true;
      body.appendChild(sum);
      summaryEl[i] = sum;
    }
    const vals = Array.isArray(t.values) ? t.values : [];
    if (vals.length) body.appendChild(el('span', 'vals', vals.map((v) => v.name + ' = ' + v.value).join(', ')));
    s.appendChild(body);
    if (lastIsError && i === n - 1) s.classList.add('error-step');
    s.addEventListener('click', () => go(i));
    stepEl[i] = s;
    frag.appendChild(s);
  });
  stepsBox.appendChild(frag);
  $('steps-count').textContent = plural(n, 'step');

  function relayout() {
    // a step is hidden when a call around it is folded
    const open = []; // [end, folded]
    let foldedAround = 0;
    for (let j = 0; j < n; j++) {
      while (open.length && open[open.length - 1][0] <= j) { if (open.pop()[1]) foldedAround--; }
      hidden[j] = foldedAround > 0;
      stepEl[j].classList.toggle('folded', hidden[j]);
      if (isCall(j)) {
        open.push([end[j], folded[j]]);
        if (folded[j]) foldedAround++;
      }
    }
  }
  function toggle(i, state) {
    folded[i] = state === undefined ? !folded[i] : state;
    toggleEl[i].textContent = folded[i] ? '▸' : '▾';
    summaryEl[i].hidden = !folded[i];
    stepEl[i].classList.toggle('collapsed', folded[i]);
    relayout();
    if (hidden[cur]) {
      // the current step went into a folded call: the call's (visible) line takes over
      let j = cur;
      while (j >= 0 && hidden[j]) j--;
      go(j, true);
    }
    updateButtons();
  }

  // ---------------------------------------------------------------- variables
  const varsBox = $('vars');
  const stateBox = $('rule-state');
  const isState = (name) => prefix !== null && String(name).startsWith(prefix);
  const varRow = new Map(); // name -> {row, value, scope}
  function makeRow(box, name, label, cls) {
    const row = el('div', 'var unseen' + (cls ? ' ' + cls : ''));
    row.dataset.name = name;
    const nm = el('span', 'name', label);
    nm.title = name;
    row.appendChild(nm);
    const value = el('span', 'value', '');
    row.appendChild(value);
    const scope = el('span', 'scope', '');
    row.appendChild(scope);
    box.appendChild(row);
    varRow.set(name, { row, value, scope });
  }
  let stateCount = 0;
  trace.forEach((t) => (t.values || []).forEach((v) => {
    if (varRow.has(v.name)) return;
    if (isState(v.name)) {
      const label = String(v.name).slice(prefix.length).replace(/_+$/, '') || v.name;
      makeRow(stateBox, v.name, label, 'state-var');
      stateCount++;
    } else {
      makeRow(varsBox, v.name, v.name, '');
    }
  }));
  if (stateCount) $('rule-state-box').hidden = false;
  const noVars = el('div', 'empty', 'No value recorded yet.');
  varsBox.insertBefore(noVars, varsBox.firstChild);
  if (!r.interpreter_replay) {
    noVars.textContent = 'The CIR interpreter could not follow this program: the trace is the path, without values.';
  }

  function showValues() {
    // the latest value of each name up to the current step; the ones of this step
    const known = new Map();
    const where = new Map();
    const before = new Map();
    for (let j = 0; j <= cur; j++) {
      for (const v of trace[j].values || []) {
        if (j === cur && !before.has(v.name)) before.set(v.name, known.get(v.name));
        known.set(v.name, v.value);
        where.set(v.name, j);
      }
    }
    const here = new Set((trace[cur].values || []).map((v) => v.name));
    let shown = 0;
    for (const [name, o] of varRow) {
      const seen = known.has(name);
      const state = isState(name);
      o.row.classList.toggle('unseen', !seen && !state);
      o.row.classList.toggle('unknown', !seen);
      if (!seen) {
        o.value.textContent = '—';
        o.scope.textContent = 'not observed yet';
        o.row.classList.remove('here', 'changed');
        continue;
      }
      if (!state) shown++;
      o.value.textContent = known.get(name);
      const j = where.get(name);
      o.scope.textContent = j === cur ? 'on this line, in ' + trace[j].function
        : 'step ' + (j + 1) + ', in ' + trace[j].function;
      o.row.classList.toggle('here', here.has(name));
      o.row.classList.toggle('changed', here.has(name) && before.get(name) !== known.get(name));
    }
    noVars.hidden = shown > 0;
  }

  // ---------------------------------------------------------------- navigation
  let cur = 0;
  let curLine = null;
  const prevBtn = $('prev');
  const nextBtn = $('next');

  function scrollInto(box, item, center) {
    const b = box.getBoundingClientRect();
    const e = item.getBoundingClientRect();
    if (e.top >= b.top && e.bottom <= b.bottom) return;
    const delta = center ? (e.top - b.top) - (b.height - e.height) / 2
      : e.top < b.top ? e.top - b.top - 4 : e.bottom - b.bottom + 4;
    box.scrollTop += delta;
  }
  function visibleFrom(i, dir) {
    for (let j = i + dir; j >= 0 && j < n; j += dir) if (!hidden[j]) return j;
    return -1;
  }
  function updateButtons() {
    prevBtn.disabled = visibleFrom(cur, -1) < 0;
    nextBtn.disabled = visibleFrom(cur, 1) < 0;
  }
  function go(i, force) {
    if (i < 0 || i >= n || (i === cur && !force && stepEl[cur].classList.contains('current'))) return;
    if (hidden[i]) {
      // unfold the calls around a step that is asked for
      for (let j = i - 1; j >= 0; j--) if (isCall(j) && end[j] > i && folded[j]) toggle(j, false);
    }
    stepEl[cur].classList.remove('current');
    stepEl[cur].removeAttribute('aria-current');
    cur = i;
    const s = stepEl[cur];
    s.classList.add('current');
    s.setAttribute('aria-current', 'step');
    const t = trace[cur];
    showFile(t.file);
    if (curLine) curLine.classList.remove('current-line');
    curLine = lineEl.get(t.file + '\n' + t.line) || null;
    if (curLine) curLine.classList.add('current-line');
    $('position').textContent = 'Step ' + (cur + 1) + ' of ' + n;
    const info = $('current-info');
    info.textContent = '';
    info.appendChild(document.createTextNode((t.function || '?') + ' at ' + shortName(t.file) + ':' + t.line + ' · '));
    info.appendChild(el('code', null, (t.statements || []).join('; ')));
    info.title = (t.statements || []).join('\n');
    updateButtons();
    showValues();
    scrollInto(stepsBox, s, false);
    if (curLine) scrollInto(srcBox, curLine, true);
  }

  prevBtn.addEventListener('click', () => { const j = visibleFrom(cur, -1); if (j >= 0) go(j); });
  nextBtn.addEventListener('click', () => { const j = visibleFrom(cur, 1); if (j >= 0) go(j); });
  $('fold-all').addEventListener('click', () => {
    for (let i = 0; i < n; i++) if (isCall(i)) { folded[i] = true; toggleEl[i].textContent = '▸'; summaryEl[i].hidden = false; }
    toggle(firstCall(), true);
  });
  $('unfold-all').addEventListener('click', () => {
    for (let i = 0; i < n; i++) if (isCall(i)) { folded[i] = false; toggleEl[i].textContent = '▾'; summaryEl[i].hidden = true; }
    const f = firstCall();
    if (f >= 0) toggle(f, false);
  });
  function firstCall() { for (let i = 0; i < n; i++) if (isCall(i)) return i; return -1; }
  if (firstCall() < 0) { $('fold-all').hidden = true; $('unfold-all').hidden = true; }

  document.addEventListener('keydown', (ev) => {
    if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const tag = ev.target && ev.target.tagName;
    if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return;
    let to = -1;
    switch (ev.key) {
      case 'ArrowRight': case 'ArrowDown': case 'j': to = visibleFrom(cur, 1); break;
      case 'ArrowLeft': case 'ArrowUp': case 'k': to = visibleFrom(cur, -1); break;
      case 'Home': to = hidden[0] ? visibleFrom(0, 1) : 0; break;
      case 'End': to = hidden[n - 1] ? visibleFrom(n - 1, -1) : n - 1; break;
      default: return;
    }
    ev.preventDefault();
    if (to >= 0) go(to);
  });

  // where the error was reached, and the driver's own line
  function whereLink(label, loc, pick) {
    if (!loc) return;
    $('where-card').hidden = false;
    const d = el('div');
    d.appendChild(document.createTextNode(label + ' '));
    const a = el('a', 'jump mono', loc.file + ':' + loc.line + (loc.column ? ':' + loc.column : ''));
    a.tabIndex = 0;
    const target = pick(loc);
    if (target >= 0) a.addEventListener('click', () => go(target));
    d.appendChild(a);
    if (loc.function) d.appendChild(document.createTextNode(' in ' + loc.function));
    $('where').appendChild(d);
  }
  const lastAt = (loc) => {
    for (let j = n - 1; j >= 0; j--) if (trace[j].file === loc.file && trace[j].line === loc.line) return j;
    return -1;
  };
  whereLink('In the driver at', r.driver_location, lastAt);
  whereLink('Error reached at', r.error_location, (loc) => { const j = lastAt(loc); return j >= 0 ? j : n - 1; });
  if (r.verdict === 'violation') {
    const how = r.interpreter_replay && r.native_replay ? 'Replayed on the CIR interpreter and as the gcc-compiled program'
      : !r.interpreter_replay ? 'Replayed as the gcc-compiled program (no values: the CIR interpreter cannot follow it)'
        : 'Replayed on the CIR interpreter only';
    $('where-card').hidden = false;
    $('where').appendChild(el('div', 'muted', how));
  }

  $('trace').hidden = false;
  relayout();
  go(0, true);
})();
