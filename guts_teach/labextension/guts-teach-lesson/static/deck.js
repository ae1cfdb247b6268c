/*
 * guts-teach-lesson's deck: a notebook of the lessons' static site (guts-teach lite) presented
 * as slides, as `guts-teach present` presents it with Voila, for a teacher with no Jupyter
 * server. remoteEntry.js loads this file, with slides.js and slides.css (the same two files
 * Voila's guts-slides template includes; the site's build puts them beside this one), when
 * the page's address asks for it: notebooks/index.html?path=00_class.ipynb&present.
 *
 * The notebook's own page opens and runs the notebook as always; this covers it with the
 * slides, built as Voila's template builds them: a section a slide (a new one at every cell of
 * slide type "slide"), the markdown as rendered and each code cell's outputs, never its code,
 * the cells tagged "lab-only" left out, the "notes" cells kept for the presenter's window. The
 * output areas are moved into the slides, not copied, so the widgets on a slide are the
 * notebook's own and live once its Python has run. The rendered markdown is copied, and copied
 * again whenever the notebook draws it again: JupyterLab may finish an earlier render of a
 * markdown cell after the cell first shows, and then takes its rendered node back into the cell
 * (on a busy machine it did, after the slides were set out: the slides lost their headings and
 * notes, and JupyterLab logged a NotFoundError).
 */
(function () {
  "use strict";

  var WAIT = 60000;  // ms: the longest a notebook's cells take to be drawn on a starved machine

  function overlay() {
    var box = document.getElementById("rendered_cells");
    if (!box) {
      box = document.createElement("div");
      box.id = "rendered_cells";
      box.className = "guts-deck";
      box.setAttribute("role", "main");
      box.setAttribute("aria-busy", "true");
      box.innerHTML = '<p class="guts-deck-wait">The slides are being set out\u2026</p>';
      document.body.appendChild(box);
    }
    return box;
  }

  // Every cell drawn: none a placeholder, every markdown cell rendered.
  function drawn(notebook) {
    var started = Date.now();
    return new Promise(function (resolve) {
      (function look() {
        var ready = notebook.widgets.length > 0 && notebook.widgets.every(function (cell) {
          if (cell.isPlaceholder && cell.isPlaceholder()) { return false; }
          if (cell.model.type !== "markdown") { return true; }
          var shown = cell.node.querySelector(".jp-MarkdownOutput");
          return !!shown && (shown.childNodes.length > 0 || !cell.model.sharedModel.getSource().trim());
        });
        if (ready || Date.now() - started > WAIT) { resolve(); } else { setTimeout(look, 100); }
      })();
    });
  }

  // A markdown cell's rendered text on its slide: a copy, made again whenever the cell's own
  // changes. The copy keeps no ids and no heading anchors, which stay the notebook's.
  function mirrored(cell) {
    var copy = null;
    var again = function () {
      var shown = cell.node.querySelector(".jp-MarkdownOutput");
      var made = shown ? shown.cloneNode(true) : document.createElement("div");
      Array.prototype.forEach.call(made.querySelectorAll(".jp-InternalAnchorLink"), function (a) {
        a.remove();
      });
      Array.prototype.forEach.call(made.querySelectorAll("[id]"), function (element) {
        element.removeAttribute("id");
      });
      if (copy && copy.parentNode) { copy.replaceWith(made); }
      copy = made;
    };
    again();
    var watch = { childList: true, subtree: true, characterData: true };
    new MutationObserver(again).observe(cell.node, watch);
    return copy;
  }

  function partOf(cell) {
    if (cell.model.type === "markdown") { return mirrored(cell); }
    if (cell.model.type === "code" && cell.outputArea) { return cell.outputArea.node; }
    return null;
  }

  function build(notebook, box) {
    box.textContent = "";
    var section = null;
    notebook.widgets.forEach(function (cell, index) {
      var model = cell.model;
      var kind = (model.getMetadata("slideshow") || {}).slide_type || "-";
      var tags = model.getMetadata("tags") || [];
      if (index === 0 || kind === "slide" || !section) {
        section = document.createElement("section");
        section.className = "guts-slide";
        section.setAttribute("aria-roledescription", "slide");
        box.appendChild(section);
      }
      var part = partOf(cell);
      if (!part || tags.indexOf("lab-only") >= 0) { return; }
      var holder = document.createElement("div");
      holder.className = "jp-Cell " + (model.type === "code" ? "jp-CodeCell" : "jp-MarkdownCell");
      holder.appendChild(part);
      if (kind === "notes") {
        var notes = document.createElement("div");
        notes.className = "guts-notes";
        notes.appendChild(holder);
        holder = notes;
      }
      section.appendChild(holder);
    });
    box.removeAttribute("aria-busy");
  }

  window.gutsDeck = {
    /* The slides' box, at once: the page shows it, not the notebook, from the start. */
    cover: overlay,
    /* Set out the notebook of ``panel`` as slides and start them (gutsSlides, slides.js). */
    present: function (panel) {
      var box = overlay();
      return panel.context.ready
        .then(function () { return drawn(panel.content); })
        .then(function () {
          if (document.activeElement && document.activeElement.blur) {
            document.activeElement.blur();  // out of the notebook's keys
          }
          build(panel.content, box);
          window.gutsSlides.start();
        });
    }
  };
})();
