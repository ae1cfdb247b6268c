/*
 * guts-teach-lesson: a JupyterLab 4 extension, written by hand (no build step).
 *
 * When a notebook whose metadata says {"guts_teach": {"run_on_open": true}} opens (and again
 * after the page is reloaded), it runs every cell once the kernel is ready, so the lesson's
 * widgets are live without the teacher pressing anything; the run's new outputs do not mark
 * the notebook modified, and the view stays where the reader is while it runs. Only the
 * package's own notebooks carry that metadata, and only a
 * server started by `guts-teach lesson` or `guts-teach classroom`, and the lessons' static site
 * (`guts-teach lite`), load this extension. It also brings a quiz's marks into view as they
 * appear, and in the static site presents a notebook as slides when the page's address asks
 * for it (`notebooks/index.html?path=00_class.ipynb&present`: deck.js), and there starts a
 * notebook's Python only once the notebook is shown. A worked example's stepper saves its
 * steps with its output; they are drawn as a stepper the moment the notebook opens, before
 * Python has started, and the live stepper takes over once it runs (steps.js).
 *
 * JupyterLab loads a federated extension as a container with `init` and `get`; this one
 * shares no modules, so it needs no bundler: `get("./extension")` gives the plugin.
 */
(function () {
  "use strict";

  var NAME = "guts-teach-lesson";

  function isNotebook(widget) {
    return !!(widget && widget.context && widget.sessionContext && widget.content &&
      widget.content.model !== undefined);
  }

  function wantsRun(panel) {
    var model = panel.content.model;
    var meta = model && model.getMetadata ? model.getMetadata("guts_teach") : undefined;
    return !!(meta && meta.run_on_open);
  }

  function settled() {
    return new Promise(function (resolve) {
      requestAnimationFrame(function () { setTimeout(resolve, 250); });
    });
  }

  function whenCurrent(app, panel) {
    return new Promise(function (resolve) {
      if (app.shell.currentWidget === panel) {
        resolve();
        return;
      }
      var watch = function (_shell, change) {
        if (change.newValue === panel) {
          app.shell.currentChanged.disconnect(watch);
          resolve();
        }
      };
      app.shell.currentChanged.connect(watch);
    });
  }

  function runOnOpen(app, panel) {
    return panel.context.ready
      .then(function () {
        if (!wantsRun(panel)) {
          return undefined;
        }
        // From the moment it opens until its own run is done, the tab does not say "unsaved":
        // what changes meanwhile (the kernel's details, the run's outputs) is not the reader's.
        // A reader who edits a cell or adds one before the run ends has changed the notebook,
        // and it stays unsaved, so the autosave keeps the edit.
        var model = panel.context.model;
        var shared = model.sharedModel;
        var edited = false;
        var onCell = function (_cell, change) { if (change.sourceChange) { edited = true; } };
        var onNotebook = function (_notebook, change) {
          if (change.cellsChange) { edited = true; }
        };
        var clean = function (_model, change) {
          if (change.name === "dirty" && change.newValue && !edited) { model.dirty = false; }
        };
        var cells = shared.cells.slice();
        cells.forEach(function (cell) { cell.changed.connect(onCell); });
        shared.changed.connect(onNotebook);
        model.stateChanged.connect(clean);
        var settle = function () {
          model.stateChanged.disconnect(clean);
          shared.changed.disconnect(onNotebook);
          cells.forEach(function (cell) { cell.changed.disconnect(onCell); });
        };
        return panel.sessionContext.ready
          .then(function () { return whenCurrent(app, panel); })
          .then(function () {
            var notebook = panel.content;
            var scroller = notebook.outerNode || notebook.node;  // JupyterLab 4's scroller
            var where = { cell: notebook.activeCellIndex, top: scroller.scrollTop };
            // While the notebook runs, the view stays where the reader is: running moves the
            // cursor from cell to cell and scrolls with it, and that scrolling is undone; the
            // reader's own (a wheel, a key, a touch or the scroll bar, just before) is kept.
            var touched = 0;
            var touch = function () { touched = Date.now(); };
            var hold = function () {
              if (Date.now() - touched < 800) {
                where.top = scroller.scrollTop;
              } else if (Math.abs(scroller.scrollTop - where.top) > 1) {
                scroller.scrollTop = where.top;
              }
            };
            var events = ["wheel", "keydown", "pointerdown", "touchstart"];
            events.forEach(function (name) { scroller.addEventListener(name, touch, true); });
            scroller.addEventListener("scroll", hold);
            var done = function () {
              notebook.activeCellIndex = where.cell;
              return settled().then(function () {
                scroller.scrollTop = where.top;
                scroller.removeEventListener("scroll", hold);
                events.forEach(function (name) {
                  scroller.removeEventListener(name, touch, true);
                });
              });
            };
            return app.commands.execute("notebook:run-all-cells").then(done, function (error) {
              return done().then(function () { throw error; });
            });
          })
          .then(function () {
            // The outputs are the run's own: the file on disk is unchanged and stays so.
            settle();
            if (!edited) { model.dirty = false; }
            panel.node.setAttribute("data-guts-teach-ran", "true");
          }, function (error) {
            settle();
            throw error;
          });
      })
      .catch(function (error) {
        console.warn(NAME + ": could not run the notebook on open", error);
      });
  }

  // A quiz's marks appear under its boxes, often below what the window shows: each is brought
  // into view as it appears, so a learner who pressed Check (or Enter in a box) reads it
  // without scrolling. The quiz marks its feedback with the class guts-feedback.
  function followFeedback() {
    var observer = new MutationObserver(function (records) {
      var shown = [];
      records.forEach(function (record) {
        var node = record.target.nodeType === 1 ? record.target : record.target.parentElement;
        var box = node && node.closest ? node.closest(".guts-feedback") : null;
        if (box && shown.indexOf(box) < 0 && box.textContent.trim()) shown.push(box);
      });
      shown.forEach(function (box) { box.scrollIntoView({ block: "nearest" }); });
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  }

  // Every notebook the page shows, once: those open as it starts and those opened after.
  function eachNotebook(app, act) {
    var seen = new WeakSet();
    var consider = function (widget) {
      if (isNotebook(widget) && !seen.has(widget)) {
        seen.add(widget);
        act(widget);
      }
    };
    app.shell.currentChanged.connect(function (_shell, change) { consider(change.newValue); });
    app.restored.then(function () {
      var widgets = app.shell.widgets("main");
      var next = widgets.next();
      while (!next.done) {
        consider(next.value);
        next = widgets.next();
      }
    });
  }

  var plugin = {
    id: NAME + ":run-on-open",
    description: "Run guts_teach's lesson notebooks when they open.",
    autoStart: true,
    activate: function (app) {
      followFeedback();
      eachNotebook(app, function (panel) { runOnOpen(app, panel); });
    }
  };

  // In the static site every notebook's Python runs in the learner's own browser, and a
  // return visit restores each notebook left open as a tab: five Pythons starting at once on
  // two cores kept the one on show waiting (18 s to its first live stepper, where one took
  // 10). The site's settings ask for a notebook's Python to start once the notebook is shown.
  // The wait is put before its session starts, not in a "start no kernel" setting: the
  // widgets' extension sets a notebook's widgets up when its session is ready, and only if a
  // kernel runs then.
  var KERNEL_WHEN_SHOWN = "gutsTeachKernelWhenShown";
  var SHOWN_FOR_MS = 300;  // a tab shown for a moment, as tabs are laid out, does not count
  var ASKED_WITHIN_MS = 10000;

  function pageOption(name) {
    var script = document.getElementById("jupyter-config-data");
    try {
      return script ? JSON.parse(script.textContent || "{}")[name] : undefined;
    } catch (error) {
      return undefined;
    }
  }

  // The notebook the address asks for (`?path=`), read as the page starts: the lab's opener
  // rewrites the address once it has opened it.
  var ASKED = new URLSearchParams(window.location.search).get("path");
  var askedShown = null;

  // The notebook the address asks for, once it is on show after the page restored its tabs:
  // until then, the tab a return visit restores as the one on show is on show only for a
  // moment.
  function askedOnShow(app) {
    if (askedShown) {
      return askedShown;
    }
    askedShown = app.restored.then(function () {
      return new Promise(function (resolve) {
        if (!ASKED) {
          resolve();
          return;
        }
        var check = function () {
          var widget = app.shell.currentWidget;
          if (widget && widget.context && widget.context.localPath === ASKED) {
            app.shell.currentChanged.disconnect(check);
            resolve();
          }
        };
        app.shell.currentChanged.connect(check);
        check();
        setTimeout(resolve, ASKED_WITHIN_MS);  // an address naming no notebook holds none back
      });
    });
    return askedShown;
  }

  function whenShown(panel) {
    return new Promise(function (resolve) {
      var timer = 0;
      var observer = new IntersectionObserver(function () {
        clearTimeout(timer);
        timer = setTimeout(function () {
          if (panel.isVisible) {
            observer.disconnect();
            resolve();
          }
        }, SHOWN_FOR_MS);
      });
      observer.observe(panel.node);
      panel.disposed.connect(function () { clearTimeout(timer); observer.disconnect(); });
    });
  }

  // Every notebook widget as it is made (before its file is read), once the notebook's widget
  // factory is registered, whichever plugin registers it first.
  function eachNotebookMade(app, act) {
    var hooked = false;
    var hook = function () {
      var factory = app.docRegistry.getWidgetFactory("Notebook");
      if (!factory || hooked) {
        return;
      }
      hooked = true;
      factory.widgetCreated.connect(function (_factory, panel) { act(panel); });
    };
    hook();
    app.docRegistry.changed.connect(function (_registry, change) {
      if (change.type === "widgetFactory") {
        hook();
      }
    });
  }

  var kernels = {
    id: NAME + ":kernel-when-shown",
    description: "In the static site, start a notebook's Python once the notebook is shown.",
    autoStart: true,
    activate: function (app) {
      if (pageOption(KERNEL_WHEN_SHOWN) !== true) {
        return;
      }
      // A notebook's widget is made before its file is read, so before its session starts.
      eachNotebookMade(app, function (panel) {
        var session = panel.sessionContext;
        var initialize = session.initialize;
        var shown = askedOnShow(app).then(function () { return whenShown(panel); });
        session.initialize = function () {
          var self = this;
          var args = arguments;
          return shown.then(function () { return initialize.apply(self, args); });
        };
      });
    }
  };

  // JupyterLab 4.5's notebook (its "contentVisibility" windowing, the default) drops its
  // IntersectionObserver when the notebook is detached from the page, but a change to its cells
  // still asks, a frame later, the dropped observer to watch them: "Cannot read properties of
  // null (reading 'observe')". A page that restores several notebooks as tabs met it (CI,
  // 2026-12-07, one error a tab). While a notebook is detached it gets a stand-in that watches
  // nothing; once attached again, JupyterLab makes its own observer as before.
  var WATCHES_NOTHING = { observe: function () {}, unobserve: function () {}, disconnect: function () {} };

  function guarded(notebook) {
    if (!notebook || typeof notebook._setupContentVisibilityObserver !== "function" ||
        !("_contentVisibilityObserver" in notebook)) {
      return;  // another JupyterLab: nothing of this to mend
    }
    var detach = notebook.onBeforeDetach;
    var attach = notebook.onAfterAttach;
    notebook.onBeforeDetach = function (msg) {
      detach.call(this, msg);
      if (this._contentVisibilityObserver === null) {
        this._contentVisibilityObserver = WATCHES_NOTHING;
      }
    };
    notebook.onAfterAttach = function (msg) {
      if (this._contentVisibilityObserver === WATCHES_NOTHING) {
        this._contentVisibilityObserver = null;
      }
      attach.call(this, msg);
    };
  }

  var detached = {
    id: NAME + ":detached-notebooks",
    description: "Keep a detached notebook's cell changes from reaching a dropped observer.",
    autoStart: true,
    activate: function (app) {
      eachNotebookMade(app, function (panel) { guarded(panel.content); });
    }
  };

  // A return visit restores every notebook left open as a tab, and JupyterLab 4.5 draws each
  // one's cells in the browser's idle moments, one cell at a time, the hidden tabs' too, all
  // in turn, while the learner waits for the notebook on show (with the five lessons left
  // open, 151 hidden cells were drawn first). A notebook's cells are drawn once it is on show;
  // a hidden tab's wait, as they would had it been opened then. When the address names the
  // notebook to show, none is drawn before that one is on show: the tab the page restores as
  // the one on show is on show only until then (a loaded machine drew all 39 cells of it).
  function drawnWhenShown(notebook, asked) {
    if (!notebook || typeof notebook._runOnIdleTime !== "function" ||
        typeof notebook.processMessage !== "function") {
      return;  // another JupyterLab: it draws as it likes
    }
    var draw = notebook._runOnIdleTime;
    var waiting = false;
    var held = !!asked;
    notebook._runOnIdleTime = function () {
      if (held || !this.isVisible) {
        waiting = true;
        return Promise.resolve();
      }
      return draw.apply(this, arguments);
    };
    var process = notebook.processMessage;
    notebook.processMessage = function (msg) {
      process.call(this, msg);
      if (!held && waiting && this.isVisible &&
          (msg.type === "after-show" || msg.type === "after-attach")) {
        waiting = false;
        this.update();
      }
    };
    if (asked) {
      asked.then(function () {
        held = false;
        if (waiting && notebook.isVisible && !notebook.isDisposed) {
          waiting = false;
          notebook.update();
        }
      });
    }
  }

  var hiddenTabs = {
    id: NAME + ":cells-when-shown",
    description: "Draw a notebook's cells once it is on show, so the tab on show comes first.",
    autoStart: true,
    activate: function (app) {
      var asked = ASKED ? askedOnShow(app) : null;
      eachNotebookMade(app, function (panel) { drawnWhenShown(panel.content, asked); });
    }
  };

  // The slides of the static site: asked for by the address, on Notebook's page of one
  // notebook. The files sit beside this one (the site's build puts slides.js and slides.css,
  // the Voila template's own, there).
  var HERE = document.currentScript ? document.currentScript.src : "";
  var PRESENTING = /[?&]present(=[^&]*)?(&|$)/.test(window.location.search) &&
    /\/notebooks\/(index\.html)?$/.test(window.location.pathname);

  function load(name) {
    return new Promise(function (resolve, reject) {
      var url = new URL(name, HERE).href;
      var element = document.createElement(/\.css$/.test(name) ? "link" : "script");
      if (element.tagName === "LINK") {
        element.rel = "stylesheet";
        element.href = url;
      } else {
        element.src = url;
      }
      element.onload = function () { resolve(); };
      element.onerror = function () { reject(new Error("could not load " + url)); };
      document.head.appendChild(element);
    });
  }

  var deck = {
    id: NAME + ":deck",
    description: "Present a notebook of the lessons' static site as slides.",
    autoStart: true,
    activate: function (app) {
      if (!PRESENTING || !HERE) {
        return;
      }
      var loaded = Promise.all([load("slides.css"), load("slides.js"), load("deck.js")]);
      loaded.then(function () { window.gutsDeck.cover(); }, function (error) {
        console.warn(NAME + ": the slides could not load, the notebook shows instead", error);
      });
      var presented = false;
      eachNotebook(app, function (panel) {
        if (presented) {
          return;
        }
        presented = true;
        loaded
          .then(function () { return window.gutsDeck.present(panel); })
          .catch(function (error) { console.warn(NAME + ": could not present", error); });
      });
    }
  };

  // A worked example's stepper saved its steps with the notebook (steps.js, which finds the
  // cells that did): they are drawn as the notebook opens, so a learner steps through them
  // while Python starts. Not on the slides, which show the notebook's own outputs.
  var stepsLoaded = null;

  var steps = {
    id: NAME + ":steps-ahead",
    description: "Draw a worked example's saved steps as its notebook opens, before Python runs.",
    autoStart: true,
    activate: function (app) {
      if (PRESENTING || !HERE) {
        return;
      }
      eachNotebook(app, function (panel) {
        stepsLoaded = stepsLoaded || Promise.all([load("steps.css"), load("steps.js")]);
        Promise.all([panel.context.ready, stepsLoaded])
          .then(function () { window.gutsSteps.follow(panel); })
          .catch(function (error) {
            console.warn(NAME + ": the saved steps could not be drawn", error);
          });
      });
    }
  };

  var containers = (window._JUPYTERLAB = window._JUPYTERLAB || {});
  containers[NAME] = {
    init: function () { return Promise.resolve(); },
    get: function (module) {
      if (module !== "./extension") {
        return Promise.reject(new Error(NAME + " has no module " + module));
      }
      return Promise.resolve(function () { return { __esModule: true, default: [plugin, kernels, detached, hiddenTabs, deck, steps] }; });
    }
  };
})();
