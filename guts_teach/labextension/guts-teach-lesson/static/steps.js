/*
 * guts-teach-lesson's steps ahead: a worked example's stepper, drawn the moment its notebook
 * opens, from the steps its output saved (application/vnd.guts-teach.steps+json: each step's
 * status line, words and table picture, worked out by guts_teach when the notebook was run),
 * so a learner steps through it while Python is still starting in the browser. Once the
 * notebook has run and its own stepper is live, that one takes over at the step the learner
 * reached, with the focus where it was. remoteEntry.js loads this file once a notebook opens,
 * and every code cell that saved its steps is drawn.
 *
 * Nothing of the saved output is read as markup: its words go in as text and each picture is
 * an image (an SVG file in an <img> runs no script and loads nothing), so a notebook made by
 * anyone draws only words and pictures here.
 */
(function () {
  "use strict";

  var MIME = "application/vnd.guts-teach.steps+json";
  var HANDOVER = 15000;  // ms: the longest the live stepper may take to reach the same step
  var NOTE = "Python is starting in this browser: these steps were worked out ahead.";

  function stepsOf(cell) {
    var outputs = cell.model.outputs;
    for (var i = 0; outputs && i < outputs.length; i++) {
      var data = outputs.get(i).data;
      if (data && data[MIME]) { return data[MIME]; }
    }
    return null;
  }

  function valid(saved) {
    return !!saved && Array.isArray(saved.steps) && saved.steps.length > 0 &&
      saved.steps.every(function (step) {
        return step && typeof step.status === "string" && typeof step.text === "string" &&
          typeof step.picture === "string";
      });
  }

  function element(tag, className, text) {
    var made = document.createElement(tag);
    if (className) { made.className = className; }
    if (text) { made.textContent = text; }
    return made;
  }

  // The picture's own words (its <title>), for the image's alternative text.
  function spoken(svg) {
    var parsed = new DOMParser().parseFromString(svg, "image/svg+xml");
    var title = parsed.querySelector("title");
    return title ? title.textContent : "";
  }

  function button(label, className, tooltip) {
    var made = element("button", "jupyter-widgets jupyter-button widget-button " + className,
      label);
    made.type = "button";
    made.title = tooltip;
    return made;
  }

  // The stepper drawn from the saved steps: the live stepper's parts, classes and keys.
  function drawn(saved) {
    var box = element("div", "guts-panel guts-ahead");
    box.setAttribute("role", "group");
    box.setAttribute("aria-label", saved.title || "A worked example, step by step");
    if (saved.title) { box.appendChild(element("h3", "", saved.title)); }
    var status = element("div", "guts-status");
    status.setAttribute("aria-live", "polite");
    var picture = element("img", "guts-ahead-picture");
    var back = button("\u25C0 Back", "guts-back", "One step back");
    var next = button("Next \u25B6", "mod-success guts-next", "One step on");
    var restart = button("\u27F2 Restart", "guts-restart", "Back to step 1");
    var buttons = element("div", "guts-ahead-buttons");
    [back, next, restart].forEach(function (made) { buttons.appendChild(made); });
    var words = element("div", "guts-text");
    words.setAttribute("aria-live", "polite");
    [status, picture, buttons, words].forEach(function (part) { box.appendChild(part); });
    if (saved.quote) {
      var quote = element("blockquote", "guts-quote", "\u201C" + saved.quote + "\u201D ");
      quote.appendChild(element("cite", "guts-cite", saved.cited || ""));
      box.appendChild(quote);
    }
    box.appendChild(element("p", "guts-ahead-note", NOTE));

    var last = saved.steps.length - 1;
    var at = Math.min(Math.max(Number(saved.index) || 0, 0), last);
    var show = function (index) {
      at = Math.min(Math.max(index, 0), last);
      var step = saved.steps[at];
      status.textContent = step.status;
      picture.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(step.picture);
      picture.alt = spoken(step.picture);
      words.textContent = step.text;
      var focused = document.activeElement;
      back.disabled = at === 0;
      next.disabled = at === last;
      // as the live stepper does: a button turned off under the focus hands it on
      if (focused === next && next.disabled) { status.tabIndex = -1; status.focus(); }
      if (focused === back && back.disabled) { next.focus(); }
    };
    back.addEventListener("click", function () { show(at - 1); });
    next.addEventListener("click", function () { show(at + 1); });
    restart.addEventListener("click", function () { show(0); });
    box.addEventListener("keydown", function (event) {
      if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
        event.preventDefault();
        event.stopPropagation();  // the notebook's own keys do not see them
        show(at + (event.key === "ArrowRight" ? 1 : -1));
      }
    });
    show(at);
    return {
      node: box,
      at: function () { return at; }
    };
  }

  // Where the learner last pressed or typed (never where the page put the focus itself).
  var lastInput = null;
  ["pointerdown", "keydown"].forEach(function (name) {
    document.addEventListener(name, function (event) { lastInput = event.target; }, true);
  });

  // Once JupyterLab has drawn the cell: at once in the notebook on show, and in a hidden tab
  // only once the learner shows it, however long after (remoteEntry.js, cells-when-shown).
  function whenDrawn(cell) {
    return Promise.resolve(cell.ready).then(function () {
      if (cell.isDisposed || !cell.outputArea) { throw new Error("the cell was removed"); }
    });
  }

  function stepNumber(node) {
    var status = node.querySelector(".guts-status");
    var found = status ? /Step (\d+) of/.exec(status.textContent) : null;
    return found ? Number(found[1]) - 1 : -1;
  }

  // The live stepper in the cell's output, once its Python has drawn it.
  function liveIn(cell) {
    return cell.outputArea.node.querySelector(".guts-stepper");
  }

  // Draw the saved steps in ``cell`` and hide its output (a widget waiting for Python) until
  // the live stepper is there; then move the live one to the same step, and show it.
  function ahead(cell) {
    var saved = stepsOf(cell);
    if (!valid(saved)) { return Promise.resolve(false); }
    return whenDrawn(cell).then(function () {
      var output = cell.outputArea.node;
      var stepper = drawn(saved);
      output.parentNode.insertBefore(stepper.node, output.nextSibling);
      output.style.display = "none";
      var done = false;
      var finish = function (live) {
        if (done) { return; }
        done = true;
        observer.disconnect();
        cell.model.outputs.changed.disconnect(changed);
        // The learner's focus goes on to the live stepper if it is on the saved steps, or was
        // taken from them by the page itself (JupyterLab focuses the notebook as it starts):
        // the learner's own last press or key was there.
        var focused = stepper.node.contains(document.activeElement) ? document.activeElement :
          (lastInput && stepper.node.contains(lastInput) ? lastInput : null);
        output.style.display = "";
        stepper.node.remove();
        if (live && focused) {
          var same = String(focused.className).match(/guts-(back|next|restart)/);
          var target = same ? live.querySelector("button.guts-" + same[1]) : null;
          if (!target || target.disabled) {
            target = live.querySelector("button.guts-next:not(:disabled)") ||
              live.querySelector(".guts-status-line");
          }
          if (target) {
            if (!target.hasAttribute("tabindex") && target.tagName !== "BUTTON") {
              target.tabIndex = -1;
            }
            target.focus();
          }
        }
      };
      // The live stepper is moved to the learner's step by its own buttons, pressed at once as
      // many times as needed (Python answers them in order), and again whenever the learner
      // presses on meanwhile: the saved steps still answer until the live one, at the same
      // step, is shown in their place.
      var takeOver = function (live) {
        var started = Date.now();
        var aimed = -1;  // the step the live stepper reaches once its presses are answered
        (function follow() {
          if (done) { return; }
          var reached = stepNumber(live);
          var wanted = stepper.at();
          var there = reached === wanted && (aimed < 0 || aimed === wanted);
          if (there || Date.now() - started > HANDOVER || !live.isConnected) {
            finish(live);
            return;
          }
          // the live stepper's parts are drawn one by one: its buttons may come after it
          var next = live.querySelector("button.guts-next");
          var back = live.querySelector("button.guts-back");
          if (reached >= 0 && next && back) {
            if (aimed < 0) { aimed = reached; }
            for (; aimed < wanted; aimed++) { next.click(); }
            for (; aimed > wanted; aimed--) { back.click(); }
          }
          setTimeout(follow, 100);
        })();
      };
      // Only a stepper the cell's run drew is live: a saved one drawn again from the
      // notebook's widget state, with no Python behind it, is not.
      var ran = false;
      var watching = false;
      var look = function () {
        var live = ran ? liveIn(cell) : null;
        if (live && !watching) {
          watching = true;
          takeOver(live);
        }
      };
      var observer = new MutationObserver(look);
      observer.observe(output, { childList: true, subtree: true });
      // A run whose output is not a stepper (an error, an edited cell) shows that output at once.
      var changed = function () {
        ran = true;
        var outputs = cell.model.outputs;
        if (outputs.length > 0 && !stepsOf(cell)) { finish(null); } else { look(); }
      };
      cell.model.outputs.changed.connect(changed);
      cell.disposed.connect(function () { finish(null); });
      return true;
    });
  }

  // Every code cell of ``panel`` that saved its steps.
  function follow(panel) {
    panel.content.widgets.forEach(function (cell) {
      if (cell.model.type === "code") {
        ahead(cell).catch(function (error) {
          console.warn("guts-teach-lesson: the saved steps could not be drawn", error);
        });
      }
    });
  }

  window.gutsSteps = { follow: follow };
})();
