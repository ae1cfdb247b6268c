// The lessons' Python starts from JavaScript modules (.mjs files). A web server that sends them
// as anything but JavaScript leaves every cell waiting at [*] without a word, so this page asks
// the server once how it sends one, and says so on the page when it is wrong.
"use strict";
(function () {
  const site = new URL(".", document.currentScript.src);
  const probe = new URL("static/pyodide/pyodide.mjs", site);
  const say = (type) => {
    const box = document.createElement("div");
    box.id = "guts-server-check";
    box.setAttribute("role", "alert");
    box.style.cssText =
      "position:fixed;z-index:100000;left:0;right:0;top:0;padding:16px 24px;background:#b71c1c;" +
      "color:#fff;font:18px/1.4 system-ui,sans-serif";
    box.textContent =
      `Python cannot start here: this web server sends .mjs files as "${type || "nothing"}", ` +
      "and a browser runs them only when they are sent as JavaScript. Tell your teacher. For " +
      "whoever runs the server: send .mjs files as text/javascript (nginx: " +
      "location ~* \\.mjs$ { types { text/javascript mjs; } }).";
    document.body.prepend(box);
    console.error(box.textContent);
  };
  // A whole GET (18 kB, which Python's start then takes from the cache): Chromium reports a
  // HEAD request whose reply carries a length as aborted, a failure on every page.
  fetch(probe)
    .then((reply) => reply.arrayBuffer().then(() => reply))
    .then((reply) => {
      const type = (reply.headers.get("Content-Type") || "").split(";")[0].trim().toLowerCase();
      if (reply.ok && !type.includes("javascript")) {
        if (document.body) say(type);
        else document.addEventListener("DOMContentLoaded", () => say(type));
      }
    })
    .catch(() => {}); // offline and not cached yet: the page says what it can itself
})();
