/* The Coalition match tracker (docs/play/coalition.md): life and victory points per game, concessions, the
   end of each game, the ranking after each game, the turn order of the next, and the match result. Every
   number (life, the 21 points, games per match, players) comes from data/format.json; the rule each step
   follows is cited from the same file's `cites` (format.yml's), and when a game is drawn or has no winner is said in
   its words (`texts.table`). State lives in this browser only (store.js). */
(function () {
  "use strict";
  var C = (window.Coalition = window.Coalition || {});
  var STORE_KEY = "coalition-play:coalition-match";
  // The rules the tracker cites, by their keys in the format's data (format.yml `cites:`, format.json's "cites").
  var CITES = ["first_game", "game_start", "points_scored", "reaching_the_cap", "cap_draw", "points_rest", "concession",
    "concession_to_one", "game_draw", "no_winner", "ranking", "turn_order", "turn_order_tie", "match_winner",
    "match_tie_life", "match_draw"];

  // The match's rules (coalition-score.js): the page below only draws the state and records what is tapped.
  var M = C.coalitionMatch, matchNumbers = M.matchNumbers, andList = M.andList, fresh = M.fresh, inGame = M.inGame;
  var standing = M.standing, settleLast = M.settleLast;
  var concededBefore = M.concededBefore, ranking = M.ranking, chosenOrder = M.chosenOrder, tiedRuns = M.tiedRuns;
  var newGame = M.newGame, finishGame = M.finishGame, matchResult = M.matchResult, tieFigures = M.tieFigures, gamePoints = M.gamePoints;

  // When a game is drawn and when it has no winner, in the format's words (format.yml texts.table).
  function endWords(fmt) {
    var words = (fmt.texts || {}).table || {};
    ["game_draw", "no_winner"].forEach(function (key) {
      if (!words[key]) throw new Error("format.json lacks texts.table." + key);
    });
    return words;
  }

  function start(box) {
    var P = C.play, esc = P.escape, btn = P.button;
    var root = box.getAttribute("data-root") || "../../";
    var status = box.querySelector(".pl-status");
    P.loadJson(root + "data/format.json").then(function (fmt) {
      var numbers = matchNumbers(fmt);
      var rule = P.citations(box, fmt, CITES);
      var when = endWords(fmt);
      var store = P.store(STORE_KEY, fresh);
      var name = function (i) { return store.state.players[i].name; };
      var current = function (s) { return s.games[s.games.length - 1]; };

      function counter(id, label, value, steps, extra) {
        return '<div class="pl-count" id="' + id + '"><span class="pl-what">' + label + '</span><span class="pl-num" id="' + id +
          '-value">' + value + "</span>" + steps.map(function (step) {
            return btn(id + step[0], step[1], step[2], step[3], { label: step[4], disabled: step[5], cls: extra });
          }).join("") + "</div>";
      }

      function renderSetup(s) {
        var sizes = [];
        for (var n = numbers.players.min; n <= numbers.players.max; n++) sizes.push(n);
        var html = "<h2>New match</h2><p>How many players? " + sizes.map(function (n) {
          return btn("pl-count-" + n, "count", n, n + " players", { cls: s.count === n ? "" : "pl-btn--quiet", pressed: s.count === n });
        }).join(" ") + "</p>";
        if (!s.count) return html;
        html += '<form class="pl-names" id="pl-names">';
        for (var i = 0; i < s.count; i++) {
          html += '<div class="pl-field"><label for="pl-name-' + i + '">Player ' + (i + 1) + (i === 0 ? " (first to play in game 1)" : "") +
            '</label><input id="pl-name-' + i + '" maxlength="40" autocomplete="off" value="' + esc(s.names ? s.names[i] || "" : "") +
            '" placeholder="Player ' + (i + 1) + '"></div>';
        }
        return html + "<p class=\"pl-note\">Seat the players in turn order; pick who plays first in game 1 any way you all agree " +
          rule("first_game") + ".</p>" + btn("pl-start", "start", "", "Start the match", { submit: true }) + "</form>";
      }

      function playerCard(s, game, i) {
        var gone = game.conceded.indexOf(i) >= 0, out = !gone && standing(game).indexOf(i) < 0, full = game.vp[i] >= numbers.points;
        // Once someone has the points the game is over: nobody's points may rise (a state saved mid-way).
        var locked = inGame(game).some(function (j) { return game.vp[j] >= numbers.points; });
        var who = esc(name(i)), id = "pl-p" + i;
        var badge = gone ? '<span class="pl-badge">conceded</span>' : out ? '<span class="pl-badge">out of the game</span>' :
          full ? '<span class="pl-badge">' + numbers.points + " points</span>" : "";
        var html = '<section id="' + id + '" class="pl-player' + (gone || out ? " pl-player--out" : "") + '" aria-label="' + who + '"><h3>' + who + " " + badge + "</h3>";
        if (gone) return html + '<p class="pl-note">Points of this game void; out of the rest of the match ' + rule("concession") + ".</p></section>";
        html += counter(id + "-life", "Life", game.life[i], [
          ["-m5", "life", i + ":-5", "−5", who + ": life −5", out], ["-m1", "life", i + ":-1", "−1", who + ": life −1", out],
          ["-p1", "life", i + ":1", "+1", who + ": life +1", out], ["-p5", "life", i + ":5", "+5", who + ": life +5", out]], "pl-btn--quiet");
        html += counter(id + "-vp", "Victory points " + rule("points_scored"), game.vp[i], [
          ["-m1", "vp", i + ":-1", "−1", who + ": victory points −1", out || game.vp[i] <= 0],
          ["-p1", "vp", i + ":1", "+1", who + ": victory points +1", out || locked],
          ["-p5", "vp", i + ":5", "+5", who + ": victory points +5", out || locked]]);
        // Out of the game (0 life): their points so far stay theirs (the rules' ranking), and nothing of theirs changes; undo
        // takes back a mistaken tap.
        return html + '<div class="pl-row">' + btn(id + "-concede", "concede", i, "Concedes", { cls: "pl-btn--quiet", label: who + " concedes", disabled: out }) +
          "</div></section>";
      }

      function renderEnd(s, game) {
        var left = standing(game);
        // No player is chosen until the table chooses one: a single tap on "Wins the game" recorded the first.
        var options = '<option value="">Choose the winner</option>' +
          left.map(function (i) { return '<option value="' + i + '">' + esc(name(i)) + "</option>"; }).join("");
        return '<section class="pl-end" aria-labelledby="pl-end-title"><h3 id="pl-end-title">End of game ' + game.number + "</h3>" +
          "<p>A player whose points reach " + numbers.points + " wins at once " + rule("reaching_the_cap") + ". Any other end, record here.</p>" +
          '<div class="pl-field"><label for="pl-winner">Player</label><select id="pl-winner">' + options + "</select></div>" +
          '<div class="pl-row">' + btn("pl-win", "win", "", "Wins the game") +
          btn("pl-concede-to", "concedeTo", "", "Everyone else concedes to them", { cls: "pl-btn--quiet" }) + "</div>" +
          '<p class="pl-note">A win gives the winner the rest of the ' + numbers.points + " points " + rule("points_rest") +
          "; when all other players concede to one player together, nobody loses their points " + rule("concession_to_one") +
          ". The last player left in the game wins it at once. When the last players lose at the same moment, record a draw below instead of their life.</p>" +
          togetherBox(left) +
          endChoice("pl-draw", "draw", "The game is a draw", "game_draw", "") +
          endChoice("pl-nowinner", "noWinner", "No winner", "no_winner", "pl-btn--quiet") +
          '<p class="pl-note">After either, everyone adds the points they have; nobody gets the rest of the points.</p></section>';
      }

      // A way to end the game without a winner, its button with a line saying when it applies (texts.table).
      function endChoice(id, action, label, key, cls) {
        return '<div class="pl-row">' + btn(id, action, "", label, { cls: cls, describedBy: id + "-when" }) +
          '<span class="pl-note" id="' + id + '-when">' + esc(when[key]) + " " + rule(key) + "</span></div>";
      }

      // Points are entered one player at a time, so the first to reach the cap wins. When one event (one combat
      // damage step, say) takes several players there together, the table ticks them here instead: a draw.
      function togetherBox(left) {
        return '<fieldset class="pl-together" id="pl-together"><legend>Reached ' + numbers.points + " at the same time " + rule("cap_draw") +
          "</legend>" + left.map(function (i) {
            return '<label class="pl-check"><input type="checkbox" id="pl-together-' + i + '" value="' + i + '"> ' + esc(name(i)) + "</label>";
          }).join("") + '<div class="pl-row">' + btn("pl-together-draw", "together", "", "They reached " + numbers.points + " together: a draw") +
          '</div><p class="pl-note">When one event gives two or more players their last points at the same moment, tick them ' +
          "and record it here instead of with their point buttons: nobody wins, the game is a draw.</p></fieldset>";
      }

      function renderGame(s) {
        var game = current(s);
        return "<h2>Game " + game.number + " of " + numbers.games + "</h2>" +
          '<p class="pl-note">Turn order: ' + game.seats.map(name).map(esc).join(" → ") + ". Everyone starts at " + numbers.life +
          " life " + rule("game_start") + ".</p>" + '<div class="pl-players">' +
          game.seats.map(function (i) { return playerCard(s, game, i); }).join("") + "</div>" + renderEnd(s, game);
      }

      function resultLine(game) {
        var r = game.result;
        if (r.kind === "win") return esc(name(r.winner)) + (r.how === "concede_to" ? " won: everyone else conceded to them" :
          r.how === "points" ? " won with " + numbers.points + " victory points" : r.how === "last" ? " won as the last player in the game" :
          " won, as the table recorded (not by reaching " + numbers.points + " victory points)");
        if (r.kind === "draw" && r.players) return "a draw: " + andList(r.players.map(name).map(esc)) + " reached " + numbers.points + " together";
        return r.kind === "draw" ? "a draw" : "no winner";
      }

      function rankingTable(s) {
        var order = s.players.map(function (p, i) { return i; })
          .sort(function (a, b) { return ranking(s, b, numbers) - ranking(s, a, numbers) || a - b; });
        var head = "<tr><th>Player</th>" + s.games.filter(function (g) { return g.result; })
          .map(function (g) { return "<th>Game " + g.number + "</th>"; }).join("") + "<th>Ranking</th></tr>";
        var rows = order.map(function (i) {
          return "<tr><td>" + esc(name(i)) + (concededBefore(s, i) ? ' <span class="pl-badge">conceded</span>' : "") + "</td>" +
            s.games.filter(function (g) { return g.result; }).map(function (g) {
              return "<td>" + (g.seats.indexOf(i) < 0 ? "—" : g.conceded.indexOf(i) >= 0 ? "0 (conceded)" : gamePoints(g, i)) + "</td>";
            }).join("") + "<td><strong>" + ranking(s, i, numbers) + "</strong></td></tr>";
        }).join("");
        return '<table class="pl-table" id="pl-ranking"><caption>Ranking ' + rule("ranking") + "</caption><thead>" + head +
          "</thead><tbody>" + rows + "</tbody></table>";
      }

      function renderBetween(s) {
        var game = current(s), order = chosenOrder(s, numbers), runs = tiedRuns(s, numbers, order);
        var gone = s.players.map(function (p, i) { return i; }).filter(function (i) { return concededBefore(s, i); });
        var names = function (run) { return andList(run.map(function (k) { return esc(name(order[k])); })); };
        // The lowest ranking among the players of the next game: one who conceded plays no further game, however low.
        var among = gone.length ? " of the players left in the match" : "";
        var last = runs.length && runs[0][0] === 0
          ? names(runs[0]) + " share the lowest ranking" + among + " " + rule("turn_order") + ": as the order stands, <strong>" + esc(name(order[0])) + "</strong> plays first."
          : "<strong>" + esc(name(order[0])) + "</strong> has the lowest ranking" + among + " and plays first " + rule("turn_order") + ".";
        return "<h2>Game " + game.number + " is over: " + resultLine(game) + "</h2>" + rankingTable(s) +
          '<h3>Before game ' + (game.number + 1) + '</h3><p id="pl-last-place">' + last + "</p>" + goneLine(gone) + tieList(s, order, runs, names) +
          '<p id="pl-order">Turn order: ' + order.map(name).map(esc).join(" → ") + "</p>" + btn("pl-next", "next", "", "Start game " + (game.number + 1));
      }

      // The players who conceded: still in the ranking table (their points count for the match), out of its games.
      function goneLine(gone) {
        if (!gone.length) return "";
        return '<p id="pl-out-of-match">' + andList(gone.map(name).map(esc)) + (gone.length === 1 ? " conceded and plays" : " conceded and play") +
          " no further game of the match " + rule("concession") + ".</p>";
      }

      // Every tie of the ranking, named, with a random draw of the tied players' order (seeded, the seed stated)
      // and a swap for each pair of neighbours, which sets the order a coin or a die of their own drew.
      function tieList(s, order, runs, names) {
        if (!runs.length) return "";
        var inForce = s.order && s.order.after === s.games.length && s.order.seats.join() === order.join();
        var drawn = (inForce && s.order.drawn) || {};
        return '<ul id="pl-ties">' + runs.map(function (run) {
          var swaps = run.slice(1).map(function (k) {
            var pair = esc(name(order[k - 1])) + " and " + esc(name(order[k]));
            return btn("pl-swap-" + (k - 1), "swap", k - 1, "Swap " + pair, { cls: "pl-btn--quiet", label: "Swap " + pair + " in the turn order" });
          });
          var seed = drawn[run[0]];
          var said = seed === undefined ? "" : ' <span class="pl-note" id="pl-drawn-' + run[0] + '">Drawn at random with seed ' + seed +
            ": " + run.map(function (k) { return esc(name(order[k])); }).join(" → ") + ".</span>";
          return "<li>" + names(run) + " are tied on " + ranking(s, order[run[0]], numbers) + " points: their order is drawn at random " +
            "(a coin, a die, any random way they agree " + rule("turn_order_tie") + "). Draw it here, or set the order their own draw gave " +
            "with the swaps." + said + '<div class="pl-row">' +
            btn("pl-tie-draw-" + run[0], "drawTie", run[0], "Draw their order", { label: "Draw the order of " + names(run).replace(/<[^>]*>/g, "") + " at random" }) +
            swaps.join("") + "</div></li>";
        }).join("") + "</ul>";
      }

      function resultText(s) {
        var result = matchResult(s, numbers);
        var order = s.players.map(function (p, i) { return i; })
          .sort(function (a, b) { return ranking(s, b, numbers) - ranking(s, a, numbers) || a - b; });
        var lines = ["Coalition match, " + s.games.length + " games"];
        order.forEach(function (i, place) {
          var per = s.games.map(function (g) { return g.seats.indexOf(i) < 0 ? "-" : g.conceded.indexOf(i) >= 0 ? "conceded" : String(gamePoints(g, i)); });
          lines.push((place + 1) + ". " + name(i) + ": " + ranking(s, i, numbers) + " (" + per.join(" + ") + ")");
        });
        s.games.forEach(function (g) { lines.push("Game " + g.number + ": " + resultLine(g).replace(/&amp;/g, "&")); });
        lines.push(result.by === "draw" ? "The match is a draw between " + result.winners.map(name).join(" and ") + "."
          : "Winner: " + name(result.winners[0]) + (result.by === "life" ? " (tie on ranking; highest life in the last game)" : "") + ".");
        if (result.by !== "ranking") lines.push(tieWords(s) + ".");
        return lines.join("\n");
      }

      // What a tie on ranking was broken by, in plain text: "Ann and Dan tied on 31 points; life at the end of
      // game 3: Dan 12, Ann 7" (tieFigures: the figures the match winner's tie-breaks compare). Empty when the ranking decided.
      function tieWords(s) {
        var tie = tieFigures(s, numbers);
        if (!tie) return "";
        var game = s.games[s.games.length - 1];
        var lives = tie.lives.map(function (row) {
          var life = row.life !== null ? String(row.life) : game.conceded.indexOf(row.player) >= 0 ? "conceded" : "did not play";
          return name(row.player) + " " + life;
        });
        return andList(tie.lives.map(function (row) { return name(row.player); })) + " tied on " + tie.ranking +
          " points; life at the end of game " + tie.game + ": " + lives.join(", ");
      }

      function renderDone(s) {
        var result = matchResult(s, numbers), figures = tieWords(s);
        var verdict = result.by === "draw" ? "The match is a draw between " + result.winners.map(name).map(esc).join(" and ") + " " + rule("match_draw")
          : "<strong>" + esc(name(result.winners[0])) + "</strong> wins the match " + rule(result.by === "life" ? "match_tie_life" : "match_winner");
        return "<h2>The match is over</h2><p id=\"pl-verdict\">" + verdict + (figures ? ": " + esc(figures) : "") + ".</p>" + rankingTable(s) +
          '<div class="pl-field"><label for="pl-result">Result to copy or share</label><textarea id="pl-result" class="pl-result" readonly>' +
          esc(resultText(s)) + '</textarea></div><div class="pl-row">' + btn("pl-copy", "copy", "", "Copy the result") +
          btn("pl-share", "share", "", "Share…", { cls: "pl-btn--quiet" }) + btn("pl-new", "newMatch", "", "New match", { cls: "pl-btn--quiet" }) + "</div>";
      }

      function render(s) {
        return { setup: renderSetup, game: renderGame, between: renderBetween, done: renderDone }[s.phase](s);
      }

      var parsePair = P.pair;
      // The chosen winner, or null with the status line saying what to do and the focus on the list.
      function selected() {
        var list = document.getElementById("pl-winner");
        if (list.value !== "") return Number(list.value);
        status.textContent = "Choose the winner in the Player list first, then press the button again.";
        list.focus();
        return null;
      }

      var actions = {
        count: P.countAction(store),
        start: function () {
          var names = P.typedNames(store.state.count);
          store.act("start the match", function (s) {
            s.names = names;
            s.players = names.map(function (n) { return { name: n }; });
            newGame(s, numbers, s.players.map(function (p, i) { return i; }));
            return "Game 1 started: " + names.join(", ");
          });
        },
        life: function (arg) {
          var pair = parsePair(arg);
          store.act(name(pair[0]) + " life " + P.signed(pair[1]), function (s) {
            var game = current(s);
            if (game.result || standing(game).indexOf(pair[0]) < 0) return false;     // a stale tap on an out player
            game.life[pair[0]] += pair[1];
            var said = name(pair[0]) + ": " + game.life[pair[0]] + " life";
            var last = settleLast(s, numbers);
            return last === null ? said : said + "; " + name(last) + " is the last player in the game and wins game " + game.number;
          });
        },
        vp: function (arg) {
          var pair = parsePair(arg);
          store.act(name(pair[0]) + " victory points " + P.signed(pair[1]), function (s) {   // as its buttons say
            var game = current(s), before = game.vp[pair[0]];
            if (game.result || standing(game).indexOf(pair[0]) < 0) return false;
            game.vp[pair[0]] = Math.max(0, Math.min(numbers.points, before + pair[1]));    // never above the cap (the points rule)
            if (game.vp[pair[0]] === before) return false;
            if (game.vp[pair[0]] < numbers.points) return name(pair[0]) + ": " + game.vp[pair[0]] + " victory points";
            // Reaching the points wins at once (cites "reaching_the_cap", checked like a state-based action).
            finishGame(s, numbers, { kind: "win", winner: pair[0], how: "points" });
            return name(pair[0]) + " has " + numbers.points + " victory points and wins game " + game.number;
          });
        },
        concede: function (arg) {
          var i = Number(arg);
          store.act(name(i) + " concedes", function (s) {
            var game = current(s);
            if (game.result || standing(game).indexOf(i) < 0) return false;
            game.conceded.push(i);
            var last = settleLast(s, numbers);
            return last === null ? name(i) + " conceded" : name(i) + " conceded; " + name(last) + " is the last player and wins";
          });
        },
        win: function () {
          var i = selected();
          if (i === null) return;
          store.act(name(i) + " wins game " + current(store.state).number, function (s) {
            finishGame(s, numbers, { kind: "win", winner: i, how: current(s).vp[i] >= numbers.points ? "points" : "other" });
          });
        },
        concedeTo: function () {
          var i = selected();
          if (i === null) return;
          store.act("everyone concedes to " + name(i), function (s) { finishGame(s, numbers, { kind: "win", winner: i, how: "concede_to" }); });
        },
        together: function () {
          var boxes = document.querySelectorAll("#pl-together input:checked");
          var who = Array.prototype.map.call(boxes, function (box) { return Number(box.value); });
          if (who.length < 2) { status.textContent = "Tick the two or more players who reached " + numbers.points + " together."; return; }
          store.act(andList(who.map(name)) + " reach " + numbers.points + " together", function (s) {
            who.forEach(function (i) { current(s).vp[i] = numbers.points; });
            finishGame(s, numbers, { kind: "draw", players: who });
            return andList(who.map(name)) + " reached " + numbers.points + " together: game " + current(s).number + " is a draw";
          });
        },
        draw: function () { store.act("game " + current(store.state).number + " drawn", function (s) { finishGame(s, numbers, { kind: "draw" }); }); },
        noWinner: function () {
          store.act("game " + current(store.state).number + " without a winner", function (s) { finishGame(s, numbers, { kind: "none" }); });
        },
        swap: function (arg) {
          var k = Number(arg), order = chosenOrder(store.state, numbers);
          store.act("swap " + name(order[k]) + " and " + name(order[k + 1]), function (s) {
            if (ranking(s, order[k], numbers) !== ranking(s, order[k + 1], numbers)) return false;   // only tied players
            order.splice(k, 2, order[k + 1], order[k]);
            var drawn = s.order && s.order.after === s.games.length && s.order.drawn ? s.order.drawn : {};
            Object.keys(drawn).forEach(function (first) {         // a swap inside a drawn tie replaces that draw
              var run = tiedRuns(s, numbers, order).filter(function (r) { return r[0] === Number(first); })[0];
              if (run && run.indexOf(k) >= 0 && run.indexOf(k + 1) >= 0) delete drawn[first];
            });
            s.order = { after: s.games.length, seats: order, drawn: drawn };
            return "Turn order: " + order.map(name).join(", ");
          });
        },
        drawTie: function (arg) {
          var first = Number(arg), order = chosenOrder(store.state, numbers), seed = P.randomSeed();
          var run = tiedRuns(store.state, numbers, order).filter(function (r) { return r[0] === first; })[0];
          if (!run) return;
          var tied = run.map(function (k) { return order[k]; });
          store.act("random draw of " + andList(tied.map(name)) + " (seed " + seed + ")", function (s) {
            var drawnOrder = C.solo.shuffled(tied, seed);
            order.splice.apply(order, [first, tied.length].concat(drawnOrder));
            var drawn = s.order && s.order.after === s.games.length && s.order.drawn ? s.order.drawn : {};
            drawn[first] = seed;
            s.order = { after: s.games.length, seats: order, drawn: drawn };
            return "Drawn at random with seed " + seed + ": " + drawnOrder.map(name).join(" → ");
          });
        },
        next: function () {
          store.act("start game " + (current(store.state).number + 1), function (s) { var seats = chosenOrder(s, numbers); delete s.order; newGame(s, numbers, seats); });
        },
        copy: function () {
          var text = document.getElementById("pl-result");
          var done = function () { status.textContent = "The result is copied."; };
          if (navigator.clipboard && navigator.clipboard.writeText) {
            navigator.clipboard.writeText(text.value).then(done, function () { text.select(); status.textContent = "Select-all is done: copy with Ctrl+C."; });
          } else { text.select(); status.textContent = "Select-all is done: copy with Ctrl+C."; }
        },
        share: function () {
          var text = document.getElementById("pl-result").value;
          if (navigator.share) navigator.share({ title: "Coalition match", text: text }).catch(function () {});
          else { document.getElementById("pl-result").select(); status.textContent = "This browser cannot share: copy the selected text."; }
        },
        newMatch: function () { store.act("new match", function (s) { Object.keys(s).forEach(function (k) { delete s[k]; }); Object.assign(s, fresh()); }); }
      };
      P.mount(box, store, render, actions);
      status.textContent = store.state.phase === "setup" ? "Choose how many players, name them, and start." : P.resumed("match", store.state.phase === "done");
      // Names typed before the match starts survive a reload too (typing is not an undo step).
      box.addEventListener("input", function (event) {
        var match = /^pl-name-(\d+)$/.exec(event.target.id || "");
        if (!match) return;
        store.state.names = store.state.names || [];
        store.state.names[Number(match[1])] = event.target.value;
        store.save();
      });
      box.addEventListener("submit", function (event) { event.preventDefault(); actions.start(); });
    }).catch(function (error) {
      status.textContent = "The tracker could not start: " + error.message;
    });
  }

  C.onBox("play-coalition", start);
})();
