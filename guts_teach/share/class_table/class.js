// The class joining with one code: a learner's join page and lobby, the projector's class
// view, and the teacher's class panel (on the teacher's page, beside table.js).
// Everything shown comes from the service as text (never HTML), so a name cannot add markup.
"use strict";

const classPage = document.body.dataset.page;
const byId = (id) => document.getElementById(id);
const classBase = document.querySelector('meta[name="guts-base"]').content;
const TOKEN = "guts-class-token";
const POLL = 2000;

function say(id, words) {
  const element = byId(id);
  if (element && element.textContent !== words) element.textContent = words;
}

function svgImage(img, svg, alt) {
  // SVG text from the service becomes a blob the <img> shows: never markup in this page.
  if (!svg || img.dataset.svg === svg) return;
  const old = img.src;
  img.src = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
  img.alt = alt;
  img.dataset.svg = svg;
  img.hidden = false;
  if (old.startsWith("blob:")) URL.revokeObjectURL(old);
}

// ---------------------------------------------------------------- a learner joins

async function whereAmI(token) {
  const reply = await fetch(`${classBase}api/class/me`, { headers: { Authorization: `Bearer ${token}` } });
  if (reply.status === 403) return null; // this device's place is gone: join again
  if (!reply.ok) throw new Error(`the service answered ${reply.status}`);
  return reply.json();
}

function goToTable(place, token) {
  // The device's token is its seat's token at its table: the seat page finds it here.
  localStorage.setItem(`guts-token-${place.table}`, token);
  location.replace(`${classBase}play/${place.table}`);
}

async function waitInLobby(token) {
  byId("join").hidden = true;
  byId("lobby").hidden = false;
  for (;;) {
    try {
      const place = await whereAmI(token);
      if (!place) {
        localStorage.removeItem(TOKEN);
        byId("lobby").hidden = true;
        byId("join").hidden = false;
        say("error", "Your place in the class was removed: join again with a name.");
        return;
      }
      if (place.table) {
        goToTable(place, token);
        return;
      }
      const others = place.waiting - 1;
      say("waiting", `${place.name}, you are in. ${others === 1 ? "1 other learner is" : `${others} other learners are`} waiting with you.`);
      say("error", "");
    } catch (error) {
      say("waiting", "The connection is lost: trying again…");
    }
    await new Promise((done) => setTimeout(done, POLL));
  }
}

function join() {
  // Behind the classroom's hub a learner is signed in already: the hub's entrance joined them
  // and hands the device's token over in the fragment, which the browser never sends on.
  const handed = new URLSearchParams(location.hash.slice(1)).get("d");
  if (handed) {
    localStorage.setItem(TOKEN, handed);
    history.replaceState(null, "", location.pathname);
  }
  const given = new URLSearchParams(location.search).get("c");
  if (given) byId("code").value = given;
  (given ? byId("name") : byId("code")).focus();
  const kept = localStorage.getItem(TOKEN);
  if (kept) waitInLobby(kept);
  byId("join").addEventListener("submit", async (event) => {
    event.preventDefault();
    const body = { code: byId("code").value, name: byId("name").value };
    try {
      const reply = await fetch(`${classBase}api/class/join`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      const answer = await reply.json();
      if (!reply.ok) {
        say("error", `Not joined: ${answer.error}.`);
        return;
      }
      localStorage.setItem(TOKEN, answer.token);
      say("error", "");
      if (answer.table) goToTable(answer, answer.token);
      else waitInLobby(answer.token);
    } catch (error) {
      say("error", "The class's service does not answer: check the address with your teacher.");
    }
  });
}

// ---------------------------------------------------------------- the class on the projector

const TILES = 8;
let pageAt = 0;

function tile(table) {
  const item = document.createElement("li");
  item.className = "tile";
  const open = document.createElement("a");
  open.href = `${classBase}projector/${table.code}`;
  open.className = "tile-head";
  const state = table.ended ? "ended" : table.paused ? "paused" : `deal ${table.deal}`;
  const code = document.createElement("span");
  code.className = "tile-code";
  code.textContent = table.code;
  const said = document.createElement("span");
  said.className = "tile-state";
  said.textContent = `${state} · pot ${table.pot}`;
  open.append(code, " ", said);
  open.setAttribute("aria-label", `Table ${table.code}, ${state}, pot ${table.pot}: open its projector view`);
  // A name a line, cut short with an ellipsis where it is long (eight players fit a tile);
  // the mark of a declaration comes first, so a long name never hides it.
  const who = document.createElement("ul");
  who.className = "tile-players";
  who.replaceChildren(
    ...table.players.map((p) => {
      const line = document.createElement("li");
      line.textContent = table.phase === "declaring" && table.declared.includes(p) ? `✓ ${p}` : p;
      line.title = p;
      return line;
    }),
  );
  const last = document.createElement("p");
  last.className = "tile-last";
  last.textContent = table.winners.length ? `${table.winners.join(" and ")} won` : "No winner yet";
  item.append(open, who, last);
  return item;
}

function showBoard(board) {
  const pages = Math.max(1, Math.ceil(board.tiles.length / TILES));
  pageAt %= pages;
  const shown = board.tiles.slice(pageAt * TILES, pageAt * TILES + TILES);
  byId("tiles").replaceChildren(...shown.map(tile));
  say("page-of", pages > 1 ? `Tables, page ${pageAt + 1} of ${pages}` : "");
  byId("leaders").replaceChildren(
    ...board.leaderboard.slice(0, 8).map((entry) => {
      const item = document.createElement("li");
      item.value = entry.place;
      const name = document.createElement("span");
      name.className = "leader-name";
      name.textContent = entry.name;
      name.title = entry.name;
      const balance = document.createElement("span");
      balance.className = "amount";
      balance.textContent = entry.balance;
      item.append(name, " ", balance);
      return item;
    }),
  );
  say("join-address", board.join.replace(/\?c=.*$/, ""));
  say("join-code", board.code);
  svgImage(byId("qr"), board.qr, `QR code: opens ${board.join}`);
  byId("podium").hidden = !board.over;
  if (board.over) {
    // the top three places; where many share a place, the first five names and a count
    const top = board.leaderboard.filter((e) => e.place <= 3);
    const shown = top.slice(0, 5).map((entry) => {
      const item = document.createElement("li");
      item.value = entry.place;
      item.textContent = `${entry.name}, ${entry.balance}`;
      return item;
    });
    if (top.length > 5) {
      const more = document.createElement("li");
      more.value = top[5].place;
      more.textContent = `and ${top.length - 5} more sharing a place`;
      shown.push(more);
    }
    byId("podium-places").replaceChildren(...shown);
  }
}

function classView() {
  const code = new URLSearchParams(location.hash.slice(1)).get("c") || "";
  let turns = 0;
  const poll = async () => {
    try {
      const reply = await fetch(`${classBase}api/class/board?c=${encodeURIComponent(code)}`);
      const answer = await reply.json();
      if (!reply.ok) {
        say("error", `${answer.error}: open the class view from the teacher's page.`);
        return;
      }
      say("error", "");
      turns += 1;
      if (turns % 5 === 0) pageAt += 1; // beyond 8 tables, a page every 10 s
      showBoard(answer);
    } catch (error) {
      say("error", "The connection is lost: trying again…");
    }
    setTimeout(poll, POLL);
  };
  poll();
}

// ---------------------------------------------------------------- the teacher's class panel

function classButton(words, action) {
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = words;
  button.addEventListener("click", action);
  return button;
}

async function classCall(path, body) {
  // teacherCall is the teacher's page's (table.js): the password goes in a header
  try {
    const reply = await teacherCall(path, body);
    return await reply.json();
  } catch (error) {
    say("class-said", error.message);
    return null;
  }
}

function showClass(got) {
  say("class-code", got.code);
  say("class-address", got.join.replace(/\?c=.*$/, ""));
  svgImage(byId("class-qr"), got.qr, `QR code: opens ${got.join}`);
  byId("class-view").href = `${classBase}class#c=${got.code}`;
  byId("lessons-line").hidden = !got.lessons; // served beside the tables, or not at all
  if (got.lessons) say("lessons-address", got.lessons);
  byId("deck-line").hidden = !got.deck;
  if (got.deck) { say("deck-address", got.deck); byId("deck-address").href = got.deck; }
  const waiting = got.learners.filter((x) => !x.table);
  say("lobby-count", `${waiting.length} waiting in the lobby, ${got.learners.length - waiting.length} seated.`);
  byId("lobby-list").replaceChildren(
    ...waiting.map((learner) => {
      const item = document.createElement("li");
      item.append(
        `${learner.name} `,
        classButton(`Remove ${learner.name}`, async () => {
          if (await classCall("api/class/remove", { name: learner.name })) refreshClass();
        }),
      );
      return item;
    }),
  );
}

async function refreshClass() {
  const got = await classCall("api/class");
  if (got) showClass(got);
  return got;
}

function classPanel() {
  byId("class-panel").hidden = false;
  byId("seat-all").addEventListener("click", async () => {
    const seated = await classCall("api/class/seat", { size: Number(byId("table-size").value), ...rulesAsked(), timer: Number(byId("timer").value) });
    if (seated) {
      say("class-said", `Seated at ${seated.tables.length} new table${seated.tables.length === 1 ? "" : "s"}: ${seated.tables.join(", ")}. Press Start when you are ready.`);
      showOpenTables();
      refreshClass();
    }
  });
  byId("start-all").addEventListener("click", async () => {
    const started = await classCall("api/class/start", { next_deal: Number(byId("next-deal").value) });
    if (started) say("class-said", `${started.tables.length} tables deal by themselves now.`);
  });
  const every = async (action) => {
    const done = await classCall(`api/tables/all/${action}`, {});
    if (done) say("class-said", Object.entries(done.tables).map(([code, did]) => `${code}: ${did}`).join("; "));
  };
  for (const action of ["pause", "resume", "end"]) {
    byId(`${action}-all`).addEventListener("click", () => every(action));
  }
  byId("call-time").addEventListener("click", () => every("call-time"));
  byId("season").addEventListener("click", async () => {
    try {
      const reply = await teacherCall("api/class/season");
      const file = document.createElement("a");
      file.href = URL.createObjectURL(await reply.blob());
      file.download = "class-season.json";
      file.click();
      say("class-said", "The class's season downloaded: guts-teach replay and workbook export read it.");
    } catch (error) {
      say("class-said", error.message);
    }
  });
  refreshClass();
  setInterval(refreshClass, POLL);
}

if (classPage === "join") join();
else if (classPage === "class") classView();
else if (classPage === "teacher") window.addEventListener("guts-signed-in", classPanel, { once: true });
