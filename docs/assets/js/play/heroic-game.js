/* The Heroic game tracker (docs/play/heroic.md): each player's life and hero - the hero's damage to players
   (it counts for the hero's owner, whoever controls it), its level with the abilities gained so far (one
   level a turn at most), and how many times it resolved from outside the game (once a turn at most, as it
   may be cast from there once a turn; the last allowed one loses at the end of a turn: that turn, or its
   owner's own, by the reading of the hero lives rule in force). Every number, every ability's words, that
   reading and the rules it cites come from Heroic's exported heroic/data/format.json (`table`,
   `readings.hero_lives`, `cites`); state lives in this browser only (store.js). */
(function () {
  "use strict";
  var C = (window.Coalition = window.Coalition || {});
  var STORE_KEY = "coalition-play:heroic-game";
  // The rules the tracker cites, by their keys in the format's data (format.yml `cites:`, format.json's "cites").
  var CITES = ["starting_life", "hero_lives", "leader_to_hand", "hero_damage", "hero_levels"];

  function gameNumbers(fmt) {
    var t = fmt.table || {};
    var needed = ["starting_life", "players", "hero_damage_to_win", "hero_levels", "hero_resolutions_to_lose"];
    var missing = needed.filter(function (key) { return t[key] === undefined; });
    if (missing.length) throw new Error("heroic/data/format.json lacks table." + missing.join(", table."));
    var lives = (fmt.readings || {}).hero_lives;
    // When the last life loses, in the format's words for the reading in force (texts.readings.hero_lives: the
    // home and rules pages say the same words).
    var losesAt = (((fmt.texts || {}).readings || {}).hero_lives || {})[lives];
    if (!losesAt) throw new Error("heroic/data/format.json lacks readings.hero_lives or its words");
    var levels = t.hero_levels.slice().sort(function (a, b) { return a.level - b.level; });
    return { life: t.starting_life, players: t.players, damage: t.hero_damage_to_win, levels: levels,
             // A hero starts one level below the first level that gains something (level 0: ward only).
             firstLevel: levels[0].level - 1, maxLevel: levels[levels.length - 1].level,
             resolutions: t.hero_resolutions_to_lose, ward: Boolean(t.ward_equals_level),
             // The hero lives rule's reading: the last life loses at the end of its owner's own turn, not of any turn.
             ownTurn: lives === "end_of_your_turn", losesAt: losesAt };
  }

  function fresh() { return { phase: "setup", count: null, names: [], players: [], turn: 1, active: 0, winner: null, how: null }; }

  function isOut(p) { return p.lost !== null || p.life <= 0; }

  // Whether player i's counters may still change: not once they are out or the game is over (their buttons
  // are disabled too; this keeps a stale tap or a scripted one from changing a finished record).
  function inPlay(s, i) { return s.phase === "game" && !isOut(s.players[i]); }

  // Whether the turn now ending is the one at whose end player i, whose hero used its last life, loses.
  function losesThisTurn(s, i, numbers) { return !numbers.ownTurn || s.active === i; }

  function losesWhen(s, i, numbers) {
    return losesThisTurn(s, i, numbers) ? "at the end of this turn" : "at the end of their next turn";
  }

  function start(box) {
    var P = C.play, esc = P.escape, btn = P.button;
    var root = box.getAttribute("data-root") || "../../";
    var status = box.querySelector(".pl-status");
    P.loadJson(root + (box.getAttribute("data-format") || "heroic/data/format.json")).then(function (fmt) {
      var numbers = gameNumbers(fmt);
      var rule = P.citations(box, fmt, CITES);
      Array.prototype.forEach.call(document.querySelectorAll("[data-hero-lives]"), function (words) { words.textContent = numbers.losesAt; });
      var store = P.store(STORE_KEY, fresh);

      function counter(id, label, value, steps) {
        return '<div class="pl-count" id="' + id + '"><span class="pl-what">' + label + '</span><span class="pl-num" id="' + id + '-value">' +
          value + "</span>" + steps.map(function (step) {
            return btn(id + step[0], step[1], step[2], step[3], { label: step[4], disabled: step[5], cls: step[6] });
          }).join("") + "</div>";
      }

      function gained(p) {
        if (p.level < numbers.levels[0].level) return "<li>No level gained yet</li>";
        return numbers.levels.filter(function (l) { return l.level <= p.level; }).map(function (l) {
          return "<li>Level " + l.level + ": " + esc(l.gains) + "</li>";
        }).join("");
      }

      function renderSetup(s) {
        var sizes = [];
        for (var n = numbers.players.min; n <= numbers.players.max; n++) sizes.push(n);
        var html = "<h2>New game</h2><p>How many players? " + sizes.map(function (n) {
          return btn("pl-count-" + n, "count", n, n + " players", { cls: s.count === n ? "" : "pl-btn--quiet", pressed: s.count === n });
        }).join(" ") + "</p>";
        if (!s.count) return html;
        html += '<form id="pl-names">';
        for (var i = 0; i < s.count; i++) {
          html += '<div class="pl-field"><label for="pl-name-' + i + '">Player ' + (i + 1) + (i === 0 ? " (takes the first turn)" : "") +
            '</label><input id="pl-name-' + i + '" maxlength="40" autocomplete="off" value="' + esc(s.names[i] || "") +
            '" placeholder="Player ' + (i + 1) + '"></div>';
        }
        return html + btn("pl-start", "start", "", "Start the game", { submit: true }) + "</form>";
      }

      function playerCard(s, p, i) {
        var who = esc(p.name), id = "pl-p" + i, out = isOut(p), over = s.phase !== "game";
        var doomed = p.resolutions >= numbers.resolutions && p.lost === null;
        var badge = p.lost ? '<span class="pl-badge">' + esc(p.lost) + "</span>" : p.life <= 0 ? '<span class="pl-badge">out: no life left</span>' :
          s.active === i && !over ? '<span class="pl-badge">their turn</span>' : "";
        var html = '<section id="' + id + '" class="pl-player' + (out ? " pl-player--out" : "") + '" aria-label="' + who + '"><h3>' + who + " " + badge + "</h3>";
        var off = out || over;
        html += counter(id + "-life", "Life " + rule("starting_life"), p.life, [
          ["-m5", "life", i + ":-5", "−5", who + ": life −5", off, "pl-btn--quiet"], ["-m1", "life", i + ":-1", "−1", who + ": life −1", off, "pl-btn--quiet"],
          ["-p1", "life", i + ":1", "+1", who + ": life +1", off, "pl-btn--quiet"], ["-p5", "life", i + ":5", "+5", who + ": life +5", off, "pl-btn--quiet"]]);
        html += counter(id + "-dmg", "Hero damage to players (wins at " + numbers.damage + ") " + rule("hero_damage"), p.damage, [
          ["-m1", "damage", i + ":-1", "−1", who + ": hero damage −1", off || p.damage <= 0, "pl-btn--quiet"],
          ["-p1", "damage", i + ":1", "+1", who + ": hero damage +1", off],
          ["-p5", "damage", i + ":5", "+5", who + ": hero damage +5", off]]);
        var leveled = p.leveledTurn === s.turn, top = p.level >= numbers.maxLevel;
        // The button's name says its state as its text does: a disabled "levels up" would be heard as an offer.
        html += counter(id + "-lvl", "Hero level" + (numbers.ward ? " (ward " + p.level + ")" : "") + " " + rule("hero_levels"), p.level, [
          ["-up", "levelUp", i, leveled ? "Levelled this turn" : top ? "Top level" : "Level up",
           who + ": hero " + (leveled ? "levelled this turn" : top ? "at its top level" : "levels up"), off || leveled || top]]);
        html += '<ul class="pl-note" aria-label="' + who + ': abilities gained">' + gained(p) + "</ul>";
        var resolved = p.resolvedTurn === s.turn;      // cast from outside the game once a turn at most (cites "leader_to_hand")
        html += counter(id + "-res", "Times the hero resolved from outside the game " + rule("hero_lives") + ", once a turn at most " + rule("leader_to_hand"),
          p.resolutions + " of " + numbers.resolutions, [
          ["-p1", "resolve", i, resolved ? "Resolved this turn" : "Hero resolved",
           who + ": the hero " + (resolved ? "resolved from outside the game this turn" : "resolved from outside the game"),
           off || resolved || p.resolutions >= numbers.resolutions]]);
        if (doomed) html += '<p class="pl-note" id="' + id + '-doomed"><strong>' + who + " loses " + losesWhen(s, i, numbers) + ".</strong> " + rule("hero_lives") + "</p>";
        return html + '<div class="pl-row">' + btn(id + "-lose", "lose", i, "Leaves the game", { cls: "pl-btn--quiet", label: who + " leaves the game", disabled: off }) +
          "</div></section>";
      }

      function renderGame(s) {
        var active = s.players[s.active];
        var head = s.phase === "done"
          ? '<h2 id="pl-verdict">' + esc(s.players[s.winner].name) + " wins: " + esc(s.how) + "</h2>"
          : "<h2>Turn " + s.turn + ": " + esc(active.name) + "</h2>";
        var controls = s.phase === "done" ? btn("pl-new", "newGame", "", "New game")
          : btn("pl-end-turn", "endTurn", "", "End " + esc(active.name) + "’s turn");
        return head + '<div class="pl-row">' + controls + "</div>" + '<div class="pl-players">' +
          s.players.map(function (p, i) { return playerCard(s, p, i); }).join("") + "</div>";
      }

      function render(s) { return s.phase === "setup" ? renderSetup(s) : renderGame(s); }

      // After anything that can end the game: a hero's damage wins; the last player left wins.
      function settle(s) {
        var winner = s.players.findIndex(function (p) { return !isOut(p) && p.damage >= numbers.damage; });
        if (winner >= 0) {
          s.phase = "done"; s.winner = winner; s.how = "their hero dealt " + s.players[winner].damage + " damage to players";
          return;
        }
        var last = P.lastLeft(s.players.map(function (p, i) { return i; }), function (i) { return !isOut(s.players[i]); });
        if (last !== null) { s.phase = "done"; s.winner = last; s.how = "the last player in the game"; }
      }

      var pair = P.pair;
      var name = function (i) { return store.state.players[i].name; };

      var actions = {
        count: P.countAction(store),
        start: function () {
          var names = P.typedNames(store.state.count);
          store.act("start the game", function (s) {
            s.players = names.map(function (n) {
              return { name: n, life: numbers.life, damage: 0, level: numbers.firstLevel, leveledTurn: null, resolutions: 0,
                       resolvedTurn: null, lost: null };
            });
            s.phase = "game"; s.turn = 1; s.active = 0;
            return "The game started: " + names.join(", ");
          });
        },
        life: function (arg) {
          var v = pair(arg);
          store.act(name(v[0]) + " life " + P.signed(v[1]), function (s) {
            if (!inPlay(s, v[0])) return false;
            s.players[v[0]].life += v[1]; settle(s);
            return name(v[0]) + ": " + s.players[v[0]].life + " life";
          });
        },
        damage: function (arg) {
          var v = pair(arg);
          store.act(name(v[0]) + "’s hero damage " + P.signed(v[1]), function (s) {
            var p = s.players[v[0]];
            if (!inPlay(s, v[0])) return false;
            p.damage = Math.max(0, p.damage + v[1]); settle(s);
            return name(v[0]) + "’s hero: " + p.damage + " damage to players" + (s.phase === "done" ? ". " + name(v[0]) + " wins" : "");
          });
        },
        levelUp: function (arg) {
          var i = Number(arg);
          store.act(name(i) + " levels up", function (s) {
            var p = s.players[i];
            if (!inPlay(s, i) || p.leveledTurn === s.turn || p.level >= numbers.maxLevel) return false;
            p.level += 1; p.leveledTurn = s.turn;
            var gains = numbers.levels.filter(function (l) { return l.level === p.level; })[0];
            return name(i) + "’s hero is level " + p.level + (gains ? ": " + gains.gains : "");
          });
        },
        resolve: function (arg) {
          var i = Number(arg);
          store.act(name(i) + "’s hero resolved", function (s) {
            var p = s.players[i];
            if (!inPlay(s, i) || p.resolvedTurn === s.turn || p.resolutions >= numbers.resolutions) return false;
            p.resolutions += 1; p.resolvedTurn = s.turn;
            return name(i) + "’s hero resolved " + P.count(p.resolutions, "time") +
              (p.resolutions >= numbers.resolutions ? ": " + name(i) + " loses " + losesWhen(s, i, numbers) : "");
          });
        },
        lose: function (arg) {
          var i = Number(arg);
          store.act(name(i) + " leaves the game", function (s) {
            if (!inPlay(s, i)) return false;
            s.players[i].lost = "left the game"; settle(s);
          });
        },
        endTurn: function () {
          store.act("end of " + name(store.state.active) + "’s turn", function (s) {
            var message = "";
            // A hero that resolved for the last allowed time loses its owner the game at this turn's end: any
            // turn's, or only the owner's own, by the reading in force.
            s.players.forEach(function (p, i) {
              if (p.resolutions >= numbers.resolutions && p.lost === null && losesThisTurn(s, i, numbers)) {
                p.lost = "lost: hero resolved " + P.count(p.resolutions, "time");
                message += p.name + " loses: their hero resolved " + P.count(p.resolutions, "time") + " from outside the game. ";
              }
            });
            settle(s);
            if (s.phase === "done") return message + s.players[s.winner].name + " wins";
            var next = s.active;
            do { next = (next + 1) % s.players.length; } while (isOut(s.players[next]));
            s.active = next; s.turn += 1;
            return message + "Turn " + s.turn + ": " + s.players[next].name;
          });
        },
        newGame: function () { store.act("new game", function (s) {
          Object.keys(s).forEach(function (k) { delete s[k]; }); Object.assign(s, fresh());
          return "New game: choose how many players.";
        }); }
      };
      P.mount(box, store, render, actions);
      status.textContent = store.state.phase === "setup" ? "Choose how many players, name them, and start." : P.resumed("game", store.state.phase === "done");
      box.addEventListener("input", function (event) {
        var match = /^pl-name-(\d+)$/.exec(event.target.id || "");
        if (!match) return;
        store.state.names[Number(match[1])] = event.target.value;
        store.save();
      });
      box.addEventListener("submit", function (event) { event.preventDefault(); actions.start(); });
    }).catch(function (error) {
      status.textContent = "The tracker could not start: " + error.message;
    });
  }

  C.onBox("play-heroic", start);
})();
