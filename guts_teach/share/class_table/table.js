// The class table's pages: a learner's seat, the projector and the teacher's controls.
// Everything shown comes from the service as text (never HTML), so a name cannot add markup.
"use strict";

const page = document.body.dataset.page;
// The close codes the service ends a connection with, as its protocol module names them.
const CLOSE = JSON.parse(document.body.dataset.closeCodes);
const $ = (id) => document.getElementById(id);
// Where the service lives: "/" on its own, "/services/tables/" behind a JupyterHub.
const base = document.querySelector('meta[name="guts-base"]').content;

function text(id, words) {
  const element = $(id);
  if (element && element.textContent !== words) element.textContent = words;
}

function amountOf(text) {
  // "6 2/3", "-1/2", "12": the service's exact amounts, as a number only to order them
  return text.split(" ").reduce((sum, part) => {
    const [top, bottom] = part.split("/");
    const value = Number(top) / (bottom ? Number(bottom) : 1);
    return sum + (text.startsWith("-") && part !== text.split(" ")[0] ? -Math.abs(value) : value);
  }, 0);
}

function rows(id, balances) {
  const body = $(id);
  if (body.tagName === "OL") {
    // the projector: the standings, best first, in two columns to fit eight players
    const ordered = Object.entries(balances).sort((a, b) => amountOf(b[1]) - amountOf(a[1]));
    let place = 0;
    body.replaceChildren(
      ...ordered.map(([player, amount], i) => {
        const item = document.createElement("li");
        // equal balances share the place (R10)
        if (i === 0 || amount !== ordered[i - 1][1]) place = i + 1;
        item.value = place;
        item.textContent = `${player} ${amount}`;
        return item;
      }),
    );
    return;
  }
  body.replaceChildren(
    ...Object.entries(balances).map(([player, amount]) => {
      const row = document.createElement("tr");
      const who = document.createElement("td");
      who.textContent = player;
      const much = document.createElement("td");
      much.className = "amount";
      much.textContent = amount;
      row.append(who, much);
      return row;
    }),
  );
}

function story(lines) {
  $("story").replaceChildren(
    ...lines.map((line) => {
      const item = document.createElement("li");
      item.textContent = line;
      return item;
    }),
  );
}

function tableCode() {
  const parts = location.pathname.split("/").filter(Boolean);
  return parts[parts.length - 1];
}

function seatToken() {
  // The token travels in the address's fragment, which the browser never sends to a server;
  // it is kept on this device, so a reload, a closed tab or a lost connection finds the same
  // seat.
  const given = new URLSearchParams(location.hash.slice(1)).get("t");
  if (given) {
    localStorage.setItem(`guts-token-${tableCode()}`, given);
    history.replaceState(null, "", location.pathname);
  }
  return localStorage.getItem(`guts-token-${tableCode()}`);
}

// The seat's link opened again in a tab already on the page changes only the fragment.
window.addEventListener("hashchange", () => location.reload());

function status(view) {
  const parts = [`Deal ${view.deal}`, `Pot ${view.pot}`, `Reserve ${view.reserve}`];
  parts.push(`${view.dealer} deals`);
  if (view.ended) parts.push(`the game has ended${view.ended_why ? ` (${view.ended_why})` : ""}: the standings are final`);
  else if (view.paused) parts.push("paused by the teacher");
  if (view.phase === "declaring" && !view.ended) {
    parts.push(`${Math.ceil(view.seconds_left)} s to declare`);
  }
  if (view.phase !== "declaring" && !view.ended && !view.paused) {
    if (view.next_deal_in !== undefined) parts.push(`next deal in ${Math.ceil(view.next_deal_in)} s`);
    else if (view.you && view.dealer === view.you) parts.push("your turn to deal");
    else parts.push("waiting for the next deal");
  }
  return parts.join(" · ");
}

function showView(view) {
  text("status", status(view));
  text("rules", `Rules: ${view.rules.join(" · ")}.`);
  text("title", page === "play" ? `Guts: ${view.you}'s seat` : "Guts: the table");
  if (view.phase === "declaring") {
    const heard = Object.entries(view.declarations || {}).map(([p, d]) => `${p} ${d}`);
    let words = "";
    if (view.you_declared) {
      words = `You declared ${view.you_declared}: ${
        view.in_turn ? "the players after you hear it." : "sealed until everyone has declared."
      } `;
    } else if (view.turn && view.turn === view.you) {
      words = "Your turn to declare. ";
    }
    words += view.declared.length
      ? `Declared: ${view.declared.join(", ")}.`
      : "Nobody has declared yet.";
    if (heard.length) words += ` Heard: ${heard.join(", ")}.`;
    if (view.waiting.length) {
      words += view.in_turn
        ? ` Still to declare, in turn: ${view.waiting.join(", ")}.`
        : ` Waiting for ${view.waiting.join(", ")}.`;
    }
    text("declared", words);
  } else {
    text("declared", "");
  }
  if (page === "play") {
    // what the last deal did to you comes first, then your cards
    const told = view.phase !== "declaring" && view.your_deal;
    $("you-did").hidden = !told;
    text("you-did", told ? view.your_deal : "");
    text("cards", view.cards || "Waiting for the next deal");
    // the lessons' card pictures; the words above stay for screen readers and small screens
    // sent once a deal: the picture stays while the cards do
    if (view.cards_picture) picture(view.cards_picture, "cards-picture");
    $("cards-picture").hidden = !view.cards;
    text("last-cards", !view.cards && view.your_last_cards ? `Your cards were ${view.your_last_cards}.` : "");
    const mine = view.phase === "declaring" && !view.you_declared && !view.paused;
    const turn = !view.turn || view.turn === view.you;
    for (const id of ["in", "out"]) $(id).disabled = !(mine && turn && connected);
    $("deal").hidden = !(view.dealer === view.you && view.phase !== "declaring" && !view.ended && !view.paused);
  }
  if (view.shown) {
    text("shown-title", `${page === "play" ? "Last showdown" : "The showdown"}: deal ${view.shown.number}`);
    const hands = Object.entries(view.shown.hands).map(([p, h]) => `${p} ${h}`);
    if (view.shown.ghost) hands.push(`the ghost hand ${view.shown.ghost}`);
    if (page === "play") {
      story([...(hands.length ? [`Hands shown: ${hands.join("; ")}.`] : []), ...view.shown.story]);
    }
  }
  if (page === "projector") project(view);
  rows("balances", view.balances);
}

// The projector: the table as the package draws it, then a settled deal step by step.
const stepping = { deal: 0, at: 0, frames: [], live: true, timer: null };

function picture(drawn, id = "picture") {
  // SVG text from the service becomes a blob the <img> shows: never markup in this page.
  const img = $(id);
  if (img.dataset.svg === drawn.picture) return;
  const old = img.src;
  img.src = URL.createObjectURL(new Blob([drawn.picture], { type: "image/svg+xml" }));
  img.alt = drawn.alt;
  img.dataset.svg = drawn.picture;
  if (old.startsWith("blob:")) URL.revokeObjectURL(old);
}

function showStep() {
  const { frames, at } = stepping;
  const frame = frames[at];
  picture(frame);
  text("step", `Step ${at + 1} of ${frames.length}: ${frame.words} (${frame.status})`);
  story(frames.map((f) => f.words));
  const current = $("story").children[at];
  current.setAttribute("aria-current", "step");
  $("back").disabled = at === 0;
  $("next").disabled = at === frames.length - 1;
}

function stopStepping() {
  clearInterval(stepping.timer);
  stepping.timer = null;
}

function underPicture(view) {
  if (view.ended) return "The game has ended: the standings are final";
  if (view.paused) return "Paused by the teacher";
  if (view.phase !== "declaring") return "";
  return `${view.declared.length} of ${view.players.length} declared · ${Math.ceil(view.seconds_left)} s to declare`;
}

function project(view) {
  $("steps").hidden = !view.frames;
  text("timer", underPicture(view));
  if (view.frames && view.shown.number !== stepping.deal) {
    // a deal has just been shown: the winner and the payments at once, the story beside
    // them (Back steps through it from the ante)
    const at = view.outcome_step ?? view.frames.length - 1;
    Object.assign(stepping, { deal: view.shown.number, at, frames: view.frames, live: false });
    stopStepping();
  }
  if (view.phase === "declaring") {
    stopStepping();
    stepping.live = true;
  }
  if (stepping.live || !view.frames) {
    picture(view.picture);
    text("step", view.phase === "declaring" ? "" : $("step").textContent);
  } else {
    showStep();
  }
}

function projectorButtons() {
  const go = (by) => {
    stopStepping();
    stepping.live = false;
    stepping.at = Math.min(Math.max(stepping.at + by, 0), stepping.frames.length - 1);
    showStep();
  };
  $("back").addEventListener("click", () => go(-1));
  $("next").addEventListener("click", () => go(1));
  $("live").addEventListener("click", () => {
    stopStepping();
    stepping.live = true;
    if (latestView) project(latestView);
  });
}

let latestView = null;
let connected = false;

function play() {
  if (page === "projector") projectorButtons();
  const token = page === "play" ? seatToken() : null;
  if (page === "play" && !token) {
    text("status", "This seat's link is missing its token: ask the teacher for your link.");
    return;
  }
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  let socket;
  let latest = null;
  const connect = () => {
    socket = new WebSocket(`${scheme}://${location.host}${base}api/tables/${tableCode()}/play`);
    socket.onopen = () => {
      connected = true;
      socket.send(JSON.stringify({ token }));
    };
    socket.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (message.error) text("error", message.error);
      if (message.view) {
        sessionStorage.removeItem("guts-rejoined");
        text("error", "");
        latest = message.view;
        latestView = latest;
        showView(latest);
      }
    };
    socket.onclose = (event) => {
      connected = false;
      for (const id of ["in", "out", "deal"]) if ($(id)) $(id).disabled = true;
      if (event.code === CLOSE.REFUSED && page === "play") {
        // this seat's token was refused or replaced: rejoining would be refused again
        if (localStorage.getItem("guts-class-token") && !sessionStorage.getItem("guts-rejoined")) {
          // joined with the class code: find the new table (once: a seat given a new link by
          // the teacher would send the page back and forth)
          sessionStorage.setItem("guts-rejoined", "1");
          location.replace(`${base}join`);
          return;
        }
        text("error", event.reason || "this seat's token was refused");
        text("status", "This seat's link no longer works: ask the teacher for a new link.");
        return;
      }
      if (event.code === CLOSE.CLOSED) {
        // the teacher closed the table: nothing to rejoin
        text("status", `${event.reason}. The standings above are final.`);
        for (const id of ["in", "out"]) if ($(id)) $(id).disabled = true;
        return;
      }
      if (event.code === CLOSE.BUSY) {
        // too many at once (this seat's tabs, the table's projectors): a while later, again
        text("status", `${event.reason}. Trying again in a few seconds…`);
        setTimeout(connect, 5000);
        return;
      }
      if (event.code === CLOSE.NO_TABLE) {
        // no table has this code: rejoining would find none either
        text("status", `${event.reason}: check the link with your teacher.`);
        return;
      }
      text("status", "Connection lost: In and Out come back when it returns. Joining again…");
      setTimeout(connect, 2000); // the same seat and cards come back
    };
  };
  connect();
  setInterval(() => {
    if (latest && latest.phase === "declaring" && !latest.paused) {
      latest.seconds_left = Math.max(0, latest.seconds_left - 1);
      text("status", status(latest));
      if (page === "projector") text("timer", underPicture(latest));
    }
  }, 1000);
  if (page === "play") {
    for (const [id, choice] of [["in", true], ["out", false]]) {
      $(id).addEventListener("click", () => {
        if (!connected) {
          text("error", "Not sent: the connection is lost. Press again when it returns.");
          return;
        }
        socket.send(JSON.stringify({ declare: choice }));
        $("declared").focus(); // the buttons turn off: the focus goes to what happened
      });
    }
    $("deal").addEventListener("click", () => {
      if (connected) socket.send(JSON.stringify({ deal: true }));
      $("deal").hidden = true;
    });
  }
}

async function teacherCall(path, body) {
  const reply = await fetch(`${base}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { Authorization: `Bearer ${$("password").value}`, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const kind = reply.headers.get("Content-Type") || "";
  const answer = !reply.ok && kind.startsWith("application/json") ? await reply.json() : null;
  if (!reply.ok) throw new Error((answer && answer.error) || `the service answered ${reply.status}`);
  return reply;
}

function link(href, words) {
  const anchor = document.createElement("a");
  anchor.href = href;
  anchor.textContent = words;
  anchor.className = "link";
  return anchor;
}

function tableCard(code, tokens) {
  const card = document.createElement("section");
  card.setAttribute("aria-label", `Table ${code}`);
  card.dataset.code = code;
  const said = document.createElement("p");
  said.setAttribute("role", "status");
  const say = (words, failed, ...more) => {
    said.replaceChildren(words, ...more);
    said.className = failed ? "error" : "";
  };
  const heading = document.createElement("h3");
  heading.textContent = `Table ${code}`;
  const list = document.createElement("ul");
  const seatLink = (item, name, token) => {
    const address = `${location.origin}${base}play/${code}#t=${encodeURIComponent(token)}`;
    item.replaceChildren(`${name}'s seat: `, link(address, address));
  };
  for (const [name, token] of Object.entries(tokens)) {
    const item = document.createElement("li");
    if (token) {
      seatLink(item, name, token);
    } else {
      // Links are shown once; a new one replaces a lost link and ends the old one.
      const renew = document.createElement("button");
      renew.type = "button";
      renew.textContent = `New link for ${name}'s seat`;
      renew.addEventListener("click", async () => {
        try {
          const path = `api/tables/${code}/seats/${encodeURIComponent(name)}/token`;
          const reply = await teacherCall(path, {});
          seatLink(item, name, (await reply.json()).token);
          say(`A new link for ${name}'s seat: the old one no longer works.`, false);
        } catch (error) {
          say(`Table ${code}: ${error.message}`, true);
        }
      });
      item.append(`${name}'s seat: `, renew);
    }
    list.append(item);
  }
  const projector = document.createElement("p");
  projector.append("Projector: ", link(`${base}projector/${code}`, `${location.origin}${base}projector/${code}`));
  const deal = document.createElement("button");
  deal.type = "button";
  deal.textContent = `Deal at table ${code}`;
  deal.addEventListener("click", async () => {
    try {
      const reply = await teacherCall(`api/tables/${code}/deal`, {});
      say(`Deal ${(await reply.json()).deal} dealt at table ${code}.`, false);
    } catch (error) {
      say(`Table ${code}: ${error.message}`, true);
    }
  });
  const ledger = ledgerButton(code, say);
  const buttons = document.createElement("p");
  buttons.className = "fist";
  buttons.append(deal, ledger);
  const controls = document.createElement("p");
  controls.className = "fist";
  const told = {
    pause: `Table ${code} is paused: its timer stands still and nobody may declare.`,
    resume: `Table ${code} plays on.`,
    end: `The game at table ${code} has ended: the standings are final.`,
    close: `Table ${code} is closed; its ledger can still be downloaded.`,
  };
  const words = { pause: "Pause", resume: "Resume", end: "End the game at", close: "Close" };
  for (const action of ["pause", "resume", "end", "close"]) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = `${words[action]} table ${code}`;
    button.addEventListener("click", async () => {
      try {
        await teacherCall(`api/tables/${code}/${action}`, {});
        say(told[action], false);
        if (action === "close") {
          deal.disabled = true;
          for (const other of controls.querySelectorAll("button")) other.disabled = true;
        }
      } catch (error) {
        say(`Table ${code}: ${error.message}`, true);
      }
    });
    controls.append(button);
  }
  // the seldom-used forms fold away, so six tables fit a laptop's screen or two
  const more = document.createElement("details");
  const summary = document.createElement("summary");
  summary.textContent = `Timer, moves and seat links at table ${code}`;
  more.append(summary, list, timerForm(code, say), moveForm(code, say));
  if (Object.values(tokens).some(Boolean)) more.open = true; // fresh links: shown once
  card.append(heading, projector, buttons, controls, more, said);
  return card;
}

function timerForm(code, say) {
  // The seconds each deal waits for declarations, from the next deal on.
  const form = document.createElement("form");
  form.className = "move";
  const id = `timer-${code}`;
  const caption = document.createElement("label");
  caption.htmlFor = id;
  caption.textContent = `Seconds to declare at table ${code}, from the next deal`;
  const seconds = document.createElement("input");
  seconds.id = id;
  seconds.type = "number";
  seconds.min = "5";
  seconds.max = "600";
  seconds.required = true;
  const go = document.createElement("button");
  go.type = "submit";
  go.textContent = `Set the timer at table ${code}`;
  const row = document.createElement("p");
  row.append(go);
  form.append(caption, seconds, row);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const reply = await teacherCall(`api/tables/${code}/timer`, { timer: Number(seconds.value) });
      const view = (await reply.json()).view;
      say(`Table ${code}: from the next deal, ${view.timer} s to declare.`, false);
    } catch (error) {
      say(`Table ${code}: ${error.message}`, true);
    }
  });
  return form;
}

function ledgerButton(code, say) {
  const ledger = document.createElement("button");
  ledger.type = "button";
  ledger.textContent = `Download table ${code}'s ledger`;
  ledger.addEventListener("click", async () => {
    try {
      const reply = await teacherCall(`api/tables/${code}/ledger`);
      const file = link(URL.createObjectURL(await reply.blob()), "ledger");
      file.download = `table-${code}.json`;
      file.click();
      say(`Table ${code}'s ledger downloaded.`, false);
    } catch (error) {
      say(`Table ${code}: ${error.message}`, true);
    }
  });
  return ledger;
}

function closedCard(code) {
  // A closed table keeps its ledger: the teacher can still download it.
  const card = document.createElement("section");
  card.setAttribute("aria-label", `Table ${code}, closed`);
  card.dataset.code = code;
  const heading = document.createElement("h3");
  heading.textContent = `Table ${code} (closed)`;
  const said = document.createElement("p");
  said.setAttribute("role", "status");
  const say = (words, failed) => {
    said.textContent = words;
    said.className = failed ? "error" : "";
  };
  const buttons = document.createElement("p");
  buttons.append(ledgerButton(code, say));
  card.append(heading, buttons, said);
  return card;
}

function moveForm(code, say) {
  // A learner moves to a bot's seat, here or at another table: a new link, the old one ends.
  const form = document.createElement("form");
  form.className = "move";
  const field = (label, name) => {
    const id = `${name}-${code}`;
    const caption = document.createElement("label");
    caption.htmlFor = id;
    caption.textContent = label;
    const input = document.createElement("input");
    input.id = id;
    input.required = true;
    form.append(caption, input);
    return input;
  };
  const heading = document.createElement("h4");
  heading.textContent = `Move a learner from table ${code}`;
  form.append(heading);
  const who = field("Learner", "who");
  const where = field("To table (its code)", "where");
  where.value = code;
  const seat = field("To the seat of the bot", "seat");
  const go = document.createElement("button");
  go.type = "submit";
  go.textContent = "Move";
  const row = document.createElement("p");
  row.append(go);
  form.append(row);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const path = `api/tables/${code}/seats/${encodeURIComponent(who.value.trim())}/move`;
      const body = { table: where.value.trim().toUpperCase(), seat: seat.value.trim() };
      const moved = await (await teacherCall(path, body)).json();
      const address = `${location.origin}${base}play/${moved.table}#t=${encodeURIComponent(moved.token)}`;
      const words = `${moved.seat} now sits at table ${moved.table}; the old link no longer works. ${moved.seat}'s new link: `;
      say(words, false, link(address, address));
    } catch (error) {
      say(`Table ${code}: ${error.message}`, true);
    }
  });
  return form;
}

async function showOpenTables() {
  try {
    const reply = await teacherCall("api/tables");
    window.dispatchEvent(new Event("guts-signed-in")); // the class panel starts once
    const shown = new Set([...document.querySelectorAll("#tables section")].map((s) => s.dataset.code));
    const listed = await reply.json();
    for (const table of listed.tables) {
      if (shown.has(table.code)) continue;
      const seats = Object.fromEntries(table.seats.map((name) => [name, null]));
      $("tables").append(tableCard(table.code, seats));
    }
    for (const code of listed.closed || []) {
      if (!shown.has(code)) $("tables").append(closedCard(code));
    }
    text("error", "");
  } catch (error) {
    text("error", error.message);
  }
}

function rulesAsked() {
  // The form's words are the learners'; the request says the rules core's fields.
  const asked = {
    profile: $("profile").value,
    declaration: $("declaration").value,
    hand_size: Number($("hand_size").value),
  };
  const cap = $("cap").value.trim();
  if (cap) asked.cap = cap.toLowerCase() === "none" ? "none" : cap;
  for (const box of document.querySelectorAll(".checks input:checked")) {
    asked[box.id] = JSON.parse(box.dataset.value); // the value the box sets the field to
  }
  return asked;
}

function teacher() {
  // Behind a JupyterHub the service hands the hub's admin the key in the fragment, which the
  // browser never sends on: the page keeps it and needs no password typed.
  const key = new URLSearchParams(location.hash.slice(1)).get("k");
  if (key) {
    $("password").value = key;
    history.replaceState(null, "", location.pathname);
    $("sign-in").hidden = true;
    showOpenTables();
  }
  $("sign-in").addEventListener("submit", (event) => {
    event.preventDefault();
    showOpenTables();
  });
  $("open-table").addEventListener("submit", async (event) => {
    event.preventDefault();
    const names = (id) => $(id).value.split(",").map((n) => n.trim()).filter(Boolean);
    const bots = Object.fromEntries(names("bots").map((n) => [n, "equilibrium"]));
    const request = {
      players: [...names("players"), ...Object.keys(bots)],
      bots,
      ...rulesAsked(),
      timer: Number($("timer").value),
    };
    try {
      const reply = await teacherCall("api/tables", request);
      const opened = await reply.json();
      $("tables").append(tableCard(opened.code, opened.tokens));
      text("error", "");
    } catch (error) {
      text("error", error.message);
    }
  });
}

if (page === "teacher") teacher();
else play();
