/*
 * guts-slides: a notebook's cells as slides for projecting in class, one at a time in type for
 * the back of a room, shared by the two pages that present them: Voila's (guts-teach present,
 * whose guts-slides template includes this file) and the lessons' static site (guts-teach lite,
 * whose guts-teach-lesson extension loads it beside a notebook it presents).
 *
 * The page holds the slides as sections of class guts-slide, in a scroll box of id
 * rendered_cells (Voila's own box of cells), and calls gutsSlides.start() once. The arrow keys,
 * Page Up / Page Down (a presenter's clicker), Home and End, or the bar's buttons turn the
 * slides; keys pressed inside a widget stay in the widget (its own script stops them there),
 * so a worked example's stepper keeps its own arrows. "S" opens the presenter's window (the
 * notes of the slide on show, the next slide, a clock), which follows the slides and turns
 * them with its own keys. The slide on show is the page's address's #number. Nothing is
 * fetched from the network.
 */
(function () {
'use strict';
if (window.gutsSlides) { return; }
var started = false;
window.gutsSlides = {
  start: function () {
    if (started) { return; }
    started = true;
    start();
  }
};

function start() {
  var current = 0;
  // The bar belongs to the page itself: the box of cells is a CSS container (contain: strict)
  // in Voila's page, which would make the bar fixed to it and scroll it away with a tall slide.
  var bar = document.createElement('nav');
  bar.id = 'guts-slide-bar';
  bar.setAttribute('aria-label', 'Slides');
  bar.innerHTML =
    '<button type="button" id="guts-slide-back" aria-label="Previous slide">\u25c0 Previous</button>' +
    '<span id="guts-slide-count" aria-live="polite">Slide 1</span>' +
    '<button type="button" id="guts-slide-next" aria-label="Next slide">Next \u25b6</button>' +
    '<span id="guts-slide-more" aria-live="polite"></span>';
  document.body.appendChild(bar);
  function slides() { return Array.prototype.slice.call(document.querySelectorAll('.guts-slide')); }
  function show(index) {
    var all = slides();
    if (!all.length) { return; }
    current = Math.max(0, Math.min(index, all.length - 1));
    all.forEach(function (slide, i) { slide.classList.toggle('guts-current', i === current); });
    var heading = all[current].querySelector('h1, h2, h3');
    var title = heading ? heading.textContent.replace(/\u00b6/g, '').trim() : '';
    document.getElementById('guts-slide-count').textContent =
      'Slide ' + (current + 1) + ' of ' + all.length + (title ? ': ' + title : '');
    document.getElementById('guts-slide-back').disabled = current === 0;
    document.getElementById('guts-slide-next').disabled = current === all.length - 1;
    scroller().scrollTop = 0;
    reachable(all[current]);
    // The next Tab reaches the slide's own buttons before the bar's, unless the bar's own
    // button turned the slide (Enter there again turns the next).
    var bar = document.getElementById('guts-slide-bar');
    if (!bar.contains(document.activeElement)) {
      all[current].setAttribute('tabindex', '-1');
      all[current].focus({ preventScroll: true });
    }
    present();
    more();
    if (window.location.hash !== '#' + (current + 1)) {
      history.replaceState(null, '', '#' + (current + 1));
    }
  }
  function scroller() {
    // Voila's lab page scrolls the box of rendered cells, not the window.
    return document.getElementById('rendered_cells') || document.scrollingElement;
  }
  function more() {
    // A slide taller than the screen says so, until its foot is in view.
    var box = scroller();
    var below = box.scrollHeight - box.clientHeight - box.scrollTop;
    document.getElementById('guts-slide-more').textContent =
      below > 8 ? '\u2193 More below' : '';
  }
  document.addEventListener('scroll', more, true);  // scroll events do not bubble
  window.addEventListener('resize', more);
  if (window.ResizeObserver) {  // widgets and pictures drawn after the slide showed
    var watcher = new ResizeObserver(more);
    slides().forEach(function (slide) { watcher.observe(slide); });
  }
  function reachable(slide) {
    // An output wider than the slide scrolls: make it a Tab stop, so it scrolls by keyboard.
    slide.querySelectorAll('.jp-OutputArea-output, .jp-RenderedHTML').forEach(function (box) {
      if (box.scrollWidth > box.clientWidth + 1 && !box.hasAttribute('tabindex')) {
        box.setAttribute('tabindex', '0');
        box.setAttribute('role', 'region');
        box.setAttribute('aria-label', 'A wide table: scroll it sideways with the arrow keys');
      }
    });
  }
  // The presenter's window: written from here (same origin, no second kernel), it shows the
  // notes of the slide on show, the next slide as the projector will show it, and a clock.
  var presenter = null, opened = 0;
  function notes(slide) {
    var parts = slide ? Array.prototype.map.call(slide.querySelectorAll('.guts-notes'),
      function (n) { return n.innerHTML; }) : [];
    return parts.join('') || '<p>No notes for this slide.</p>';
  }
  function present() {
    if (!presenter || presenter.closed) { return; }
    var all = slides(), d = presenter.document;
    d.getElementById('guts-now').textContent =
      document.getElementById('guts-slide-count').textContent;
    d.getElementById('guts-notes').innerHTML = notes(all[current]);
    var next = all[current + 1], heading = next && next.querySelector('h1, h2, h3');
    d.getElementById('guts-next').innerHTML = next
      ? '<div class="guts-slide guts-current">' + next.innerHTML + '</div>'
      : '<p>This is the last slide.</p>';
    d.getElementById('guts-next-title').textContent = 'Next slide: ' + (heading
      ? heading.textContent.replace('\u00b6', '').trim() : next ? 'untitled' : 'none');
    fitNotes();
    tick();
  }
  // The notes fit the presenter's window, never scrolled while presenting: a long note is
  // drawn smaller (down to 16 px), and a very long one takes the next slide's place too
  // (the next slide then named above it).
  function fitNotes() {
    if (!presenter || presenter.closed) { return; }
    var d = presenter.document, main = d.querySelector('main'), root = d.documentElement;
    var box = d.getElementById('guts-notes'), sizes = [24, 22, 20, 18, 17, 16];
    main.classList.remove('guts-notes-only');
    for (var wide = 0; wide < 2; wide++) {
      if (wide) { main.classList.add('guts-notes-only'); }
      for (var i = 0; i < sizes.length; i++) {
        box.style.fontSize = sizes[i] + 'px';
        if (root.scrollHeight <= root.clientHeight + 1) { return; }
      }
    }
  }
  function tick() {
    if (!presenter || presenter.closed) { return; }
    var gone = Math.floor((Date.now() - opened) / 1000);
    var two = function (n) { return (n < 10 ? '0' : '') + n; };
    presenter.document.getElementById('guts-clock').textContent =
      new Date().toTimeString().slice(0, 5) + ' \u00b7 ' + Math.floor(gone / 60) + ':' +
      two(gone % 60) + ' since the start';
  }
  function openPresenter() {
    if (presenter && !presenter.closed) { presenter.focus(); return; }
    presenter = window.open('', 'guts-presenter', 'width=1100,height=760');
    if (!presenter) { return; }
    opened = Date.now();
    var d = presenter.document, styles = '';
    // The page's styles as text: a linked sheet (the site's theme, slides.css) would be fetched
    // again by the new window, after its first drawing, or not at all where its address is
    // relative to the page's.
    document.querySelectorAll('style, link[rel="stylesheet"]').forEach(function (e) {
      var rules = null;
      try { rules = e.tagName === 'LINK' && e.sheet ? e.sheet.cssRules : null; } catch (err) { }
      styles += rules ? '<style>' + Array.prototype.map.call(rules, function (rule) {
        return rule.cssText;
      }).join('\n') + '</style>' : e.outerHTML;
    });
    d.open();
    d.write('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">' +
      '<title>Presenter: ' + document.title + '</title>' + styles +
      '<style>body { margin: 0; padding: 16px 24px !important; font-size: 24px;' +
      ' font-family: "DejaVu Sans", sans-serif; overflow: auto !important; }' +
      ' main { display: grid; grid-template-columns: 55fr 45fr; gap: 24px; }' +
      ' #guts-clock { font-size: 32px; font-weight: bold; color: #1b5e20; }' +
      ' #guts-now { font-size: 24px; margin: 4px 0 12px 0; }' +
      ' #guts-notes { font-size: 24px; line-height: 1.4; }' +
      ' #guts-notes * { font-size: inherit !important; line-height: inherit; }' +
      ' main.guts-notes-only { grid-template-columns: 1fr; }' +
      ' main.guts-notes-only > section + section { display: none; }' +
      ' #guts-next-title { display: none; font-size: 20px; color: #37474f; }' +
      ' main.guts-notes-only #guts-next-title { display: block; }' +
      ' #guts-next { height: 62vh; overflow: hidden; border: 2px solid #90a4ae; }' +
      ' #guts-next > .guts-slide { display: block; transform: scale(0.5); transform-origin: 0 0;' +
      ' width: 200%; min-height: 0; }' +
      ' #guts-next .guts-notes { display: none !important; }</style></head><body>' +
      '<div id="guts-clock" role="timer"></div><div id="guts-now" aria-live="polite"></div>' +
      '<main><section aria-label="Notes"><h2>Notes</h2><p id="guts-next-title"></p>' +
      '<div id="guts-notes"></div></section>' +
      '<section aria-label="Next slide"><h2>Next slide</h2><div id="guts-next"></div></section>' +
      '</main></body></html>');
    d.close();
    d.addEventListener('keydown', onKey, true);  // the presenter turns slides from here too
    presenter.setInterval(tick, 1000);
    presenter.addEventListener('resize', fitNotes);
    present();
  }
  // Listened to on the way down (capture), as a widget keeps its keys from the page.
  document.addEventListener('keydown', onKey, true);
  function onKey(event) {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) { return; }
    var target = event.target;
    var typing = target && target.closest && target.closest('input, textarea, select');
    var widget = target && target.closest && target.closest('.guts-panel, [role="region"]');
    var paging = event.key === 'PageDown' || event.key === 'PageUp';
    if (typing || (widget && !paging)) {
      return;  // a widget's own keys; a presenter's clicker (Page Up / Down) still turns slides
    }
    var moves = { ArrowRight: 1, PageDown: 1, ArrowLeft: -1, PageUp: -1 };
    var scrolls = { ArrowDown: 1, ArrowUp: -1 };
    if (event.key in moves) { show(current + moves[event.key]); }
    else if (event.key in scrolls) {
      scroller().scrollBy(0, scrolls[event.key] * scroller().clientHeight / 3);
    }
    else if (event.key === 'Home') { show(0); }
    else if (event.key === 'End') { show(slides().length - 1); }
    else if (event.key === 's' || event.key === 'S') { openPresenter(); }
    else { return; }
    // A key the slides took is theirs alone: a notebook page around them (the lessons' site)
    // has shortcuts of its own on the same keys.
    event.preventDefault();
    event.stopPropagation();
  }
  document.getElementById('guts-slide-back').addEventListener('click', function () { show(current - 1); });
  document.getElementById('guts-slide-next').addEventListener('click', function () { show(current + 1); });
  function fromHash() {
    var wanted = parseInt((window.location.hash || '#1').slice(1), 10);
    if (!isNaN(wanted) && wanted - 1 !== current) { show(wanted - 1); }
  }
  window.addEventListener('hashchange', fromHash);
  show(0);
  fromHash();
}
})();
