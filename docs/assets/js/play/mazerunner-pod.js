/* The Mazerunner pod tracker (docs/play/mazerunner.md): four players, the game's events as they happen,
   everyone's points and the winner pool live, and the game record in the season file's event format.
   The state is the pod and its list of events; points are always recomputed from the events by
   mazerunner-score.js (the format's scoring rule), so undo is simply "drop the last change". Saving and undo: store.js. */
(function () {
  "use strict";
  var C = (window.Coalition = window.Coalition || {});
  var STORAGE_KEY = "coalition.play.mazerunner.v1";
  var YAML_WORDS = /^(null|true|false|yes|no|on|off|y|n|~)$/i;

  function fresh() {
    return { names: ["", "", "", ""], pod: null, events: [] };
  }

  // A name as a YAML flow scalar: plain when safe, else double-quoted (JSON strings are valid YAML).
  function scalar(name) {
    return /^[A-Za-z\u00C0-\u024F][\w\u00C0-\u024F .'-]*$/.test(name) && !YAML_WORDS.test(name) && !/\s$/.test(name)
      ? name : JSON.stringify(name);
  }

  function flow(event) {
    var parts = [];
    Object.keys(event).forEach(function (key) {
      var value = event[key];
      if (Array.isArray(value)) value = "[" + value.map(scalar).join(", ") + "]";
      else value = value === null ? "null" : scalar(value);
      parts.push(key + ": " + value);
    });
    return "{" + parts.join(", ") + "}";
  }

  // One game, as an item of a week's `games:` list in a season file (issue 11's shape).
  function record(state) {
    var lines = ["- pod: [" + state.pod.map(scalar).join(", ") + "]"];
    if (!state.events.length) return lines[0] + "\n  events: []\n";
    lines.push("  events:");
    state.events.forEach(function (event) { lines.push("    - " + flow(event)); });
    return lines.join("\n") + "\n";
  }

  // One event in words (the season page, generator/league/pages.py describe, words them alike). A player
  // among those their own action eliminated is said as the scoring rule's simultaneous loss says it: they "caused themselves to lose
  // along with" the others, never "eliminated" themselves.
  // "Ana", "Ana and Ben", "Ana, Ben and Cy" (names_said in generator/league/pages.py).
  function namesSaid(names) {
    return names.length < 3 ? names.join(" and ") : names.slice(0, -1).join(", ") + " and " + names[names.length - 1];
  }

  function describe(event) {
    var list = namesSaid(event.eliminated || []);
    if (event.eliminated && event.by === null) return list + " lost to the game itself (point to the winner pool)";
    if (event.eliminated) {
      var who = event.controlled_by ? event.controlled_by + ", controlling " + event.by + "'s turn," : event.by;
      if (event.eliminated.indexOf(event.by) < 0) return who + " eliminated " + list;
      var others = namesSaid(event.eliminated.filter(function (player) { return player !== event.by; }));
      return who + (event.controlled_by ? " caused " + event.by : " caused themselves") + " to lose" +
        (others ? " along with " + others : "");
    }
    if (event.draw_forced_by) return event.draw_forced_by + " forced a draw and takes a game loss";
    if (event.controlled_by) return event.controlled_by + ", controlling " + event.won + ", made " + event.won + " win";
    return event.won + " won";
  }

  function statusOf(player, result, events) {
    if (result.winner === player) return "won";
    if (result.in_game.indexOf(player) >= 0) return "in the game";
    var out = result.eliminations.filter(function (e) { return e.player === player; })[0];
    if (!out) return result.finished ? "out" : "in the game";
    if (events[out.event] && events[out.event].draw_forced_by === player) return "out (forced a draw)";
    if (out.by === player) return "out (caused their own loss)";
    // Mind control: a player who made the one they controlled win is out by that win, not eliminated by the winner.
    var ending = events[out.event];
    if (ending && ending.won === out.by && ending.controlled_by === player) return "out (made " + out.by + " win by controlling them)";
    return out.by === null ? "out (lost to the game)" : "out (eliminated by " + out.by + ")";
  }

  function options(players, withNone, noneLabel) {
    var html = withNone ? '<option value="">' + noneLabel + "</option>" : "";
    return html + players.map(function (p) {
      return '<option value="' + C.play.escape(p) + '">' + C.play.escape(p) + "</option>";
    }).join("");
  }

  function renderSetup(state) {
    var esc = C.play.escape, fields = state.names.map(function (name, i) {
      return '<div class="pl-field"><label for="mz-name-' + i + '">Seat ' + (i + 1) + "</label>" +
        '<input id="mz-name-' + i + '" type="text" maxlength="40" autocomplete="off" value="' + esc(name) +
        '" placeholder="Player ' + (i + 1) + '"></div>';
    }).join("");
    return '<h2 id="mz-setup">Who is in the pod?</h2><p class="pl-note">In seat order; names as in the season file.</p>' +
      '<form id="mz-names"><div class="mz-names">' + fields + "</div>" +
      C.play.button("mz-start", "start", "", "Start the game", { submit: true }) + "</form>";
  }

  function renderPlayers(state, result) {
    var esc = C.play.escape;
    return '<div class="pl-players mz-players">' + state.pod.map(function (player, i) {
      var status = statusOf(player, result, state.events), out = status.indexOf("out") === 0;
      return '<section class="pl-player' + (out ? " pl-player--out" : "") + '" aria-label="' + esc(player) + '">' +
        "<h3>" + esc(player) + (result.winner === player ? ' <span class="pl-badge">winner</span>' : "") + "</h3>" +
        '<div class="pl-count"><span class="pl-num" id="mz-points-' + i + '">' + result.points[player] + "</span>" +
        '<span class="pl-what">' + (result.points[player] === 1 ? "point" : "points") + " · " + esc(status) + "</span></div></section>";
    }).join("") + "</div>";
  }

  function renderActions(alive) {
    var boxes = alive.map(function (p, i) {
      return '<label class="mz-check"><input type="checkbox" id="mz-out-' + i + '" value="' + C.play.escape(p) + '"> ' +
        C.play.escape(p) + "</label>";
    }).join("");
    return '<div class="mz-actions">' +
      '<fieldset><legend>Elimination</legend><div class="pl-row">' + boxes + "</div>" +
      '<div class="pl-field"><label for="mz-by">Caused by</label><select id="mz-by">' +
      options(alive, true, "the game itself (point to the winner pool)") + "</select></div>" +
      '<div class="pl-field"><label for="mz-by-ctrl">…while controlled by</label><select id="mz-by-ctrl">' +
      options(alive, true, "nobody") + "</select></div>" + C.play.button("mz-eliminate", "eliminate", "", "Record elimination") +
      "</fieldset>" +
      '<fieldset><legend>Win</legend><div class="pl-field"><label for="mz-winner">Winner</label><select id="mz-winner">' +
      options(alive, false) + "</select></div>" +
      '<div class="pl-field"><label for="mz-win-ctrl">…made to win by (mind control)</label><select id="mz-win-ctrl">' +
      options(alive, true, "nobody") + "</select></div>" + C.play.button("mz-win", "win", "", "Record win") + "</fieldset>" +
      '<fieldset><legend>Forced draw</legend><div class="pl-field"><label for="mz-draw">Forced by</label>' +
      '<select id="mz-draw">' + options(alive, false) + "</select></div>" +
      C.play.button("mz-draw-btn", "draw", "", "Record forced draw") + "</fieldset></div>";
  }

  function renderGame(state, brought) {
    var esc = C.play.escape, result = M().scoreGame(state.pod, state.events, brought);
    var head = result.finished
      ? (result.winner ? esc(result.winner) + " won the game." : "Nobody is left in the game.")
      : "In the game: " + esc(result.in_game.join(", ")) + ".";
    // The players' h3 headings sit under a heading of their own, as the page's other parts do (h1, h2, h3).
    var html = '<h2 id="mz-pod-title">The pod</h2><p class="mz-summary"><span class="pl-badge">Winner pool: <span id="mz-pool">' + result.winner_pool +
      "</span></span> " + head + "</p>" + renderPlayers(state, result);
    if (!result.finished) html += renderActions(result.in_game);
    html += '<h2 id="mz-events-title">What happened</h2>' + (state.events.length
      ? '<ol class="mz-events">' + state.events.map(function (e) { return "<li>" + esc(describe(e)) + "</li>"; }).join("") + "</ol>"
      : '<p class="pl-note">Nothing yet.</p>');
    html += '<h2 id="mz-record-title">Game record</h2><p class="pl-note">Paste it under a week\'s <code>games:</code> ' +
      "in the season file; <code>coalition league score</code> gives the same points.</p>" + unnamedNote(state) +
      '<div class="pl-field"><label for="mz-record">Game record (YAML)</label>' +
      '<textarea id="mz-record" class="pl-result pl-result--code" readonly rows="8" spellcheck="false">' + esc(record(state)) +
      "</textarea></div>" +
      '<div class="pl-row">' + C.play.button("mz-copy", "copy", "", "Copy the record", { cls: "pl-btn--quiet" }) +
      C.play.button("mz-new", "newgame", "", "New game", { cls: "pl-btn--quiet" }) + "</div>";
    return html;
  }

  // Seats started without a name hold "Player 2" and the like, which no season file knows.
  function unnamedNote(state) {
    var unnamed = state.unnamed || [];
    if (!unnamed.length) return "";
    return '<p class="pl-note" id="mz-unnamed"><strong>Not the players\' names:</strong> ' + C.play.escape(unnamed.join(", ")) +
      ". Write in the record the names the season file has for " + (unnamed.length === 1 ? "that seat" : "those seats") +
      " before pasting it.</p>";
  }

  function M() { return C.mazerunner; }

  function startWidget(box) {
    var status = box.querySelector(".pl-status");
    var root = box.getAttribute("data-root") || "../../";
    C.play.loadJson(root + "data/league/mazerunner.json").then(function (league) {
      run(box, league);
    }).catch(function (error) {
      status.textContent = "The league data could not be loaded (" + error.message + "): reload the page.";
    });
  }

  function run(box, league) {
    var store = C.play.store(STORAGE_KEY, fresh);
    var status = box.querySelector(".pl-status");
    var brought = league.points_brought;
    function value(id) { var el = document.getElementById(id); return el ? el.value : ""; }
    function attempt(label, event) {
      try {
        M().scoreGame(store.state.pod, store.state.events.concat([event]), brought);
      } catch (error) {
        status.textContent = "Not recorded: " + error.message.replace(/^event \d+: /, "");
        return;
      }
      store.act(label, function (draft) { draft.events.push(event); return "Recorded: " + describe(event) + "."; });
    }
    var actions = {
      start: function () {
        var typed = [0, 1, 2, 3].map(function (i) { return value("mz-name-" + i).trim(); });
        var names = typed.map(function (name, i) { return name || "Player " + (i + 1); });
        if (names.filter(function (n, i) { return names.indexOf(n) === i; }).length !== names.length) {
          status.textContent = "Every player needs a different name.";
          return;
        }
        store.act("start the game", function (draft) {
          draft.names = names; draft.pod = names; draft.events = [];
          draft.unnamed = names.filter(function (name, i) { return !typed[i]; });   // seats left blank
          return "The game started: " + names.join(", ");
        });
      },
      eliminate: function () {
        var out = Array.prototype.slice.call(box.querySelectorAll(".mz-check input:checked")).map(function (el) { return el.value; });
        if (!out.length) { status.textContent = "Tick who was eliminated first."; return; }
        var event = { eliminated: out, by: value("mz-by") || null };
        if (value("mz-by-ctrl")) event.controlled_by = value("mz-by-ctrl");
        attempt("elimination of " + out.join(", "), event);
      },
      win: function () {
        var event = { won: value("mz-winner") };
        if (value("mz-win-ctrl")) event.controlled_by = value("mz-win-ctrl");
        attempt("win of " + event.won, event);
      },
      draw: function () { attempt("forced draw by " + value("mz-draw"), { draw_forced_by: value("mz-draw") }); },
      newgame: function () {
        store.act("new game", function (draft) { draft.pod = null; draft.events = []; return "New game: enter the pod."; });
      },
      copy: function () {
        var area = document.getElementById("mz-record");
        area.select();
        var done = function () { status.textContent = "The game record is copied."; };
        if (navigator.clipboard && navigator.clipboard.writeText) {
          navigator.clipboard.writeText(area.value).then(done, function () { status.textContent = "Press Ctrl+C to copy the selected record."; });
        } else {
          status.textContent = "Press Ctrl+C to copy the selected record.";
        }
      }
    };
    C.play.mount(box, store, function (state) {
      return state.pod ? renderGame(state, brought) : renderSetup(state);
    }, actions);
    status.textContent = store.state.pod
      ? C.play.resumed("game", M().scoreGame(store.state.pod, store.state.events, brought).finished)
      : "Enter the four players.";
    box.addEventListener("submit", function (event) { event.preventDefault(); actions.start(); });
  }

  C.onBox("play-mazerunner", startWidget);
  C.mazerunnerRecord = record;
})();
