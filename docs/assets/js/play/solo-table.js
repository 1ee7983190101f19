/* The Balance of Power solo table (docs/balance-of-power/table.md): paste a deck or pick a sample, shuffle
   with a seed shown on the page, deal by the procedure (solo-engine.js), then play: refill a pile whose
   creatures have all left, send cards to the graveyard, draw for a pile, declare a balance of power. The
   state is kept in this browser (store.js); the deck list never leaves it. */
(function () {
  "use strict";
  var C = (window.Coalition = window.Coalition || {});
  var STORE_KEY = "coalition-play:balance-of-power";

  function fresh() { return { phase: "setup", deckText: "", seed: null, deck: [], table: null }; }

  // "1 card", "2 cards": a pile may be down to its last card.
  function cardCount(n) { return n + (n === 1 ? " card" : " cards"); }

  function start(box) {
    var P = C.play, S = C.solo, esc = P.escape, btn = P.button;
    var root = box.getAttribute("data-root") || "../";
    var status = box.querySelector(".pl-status");
    Promise.all([P.loadJson(root + "balance-of-power/data/procedure.json"), P.loadJson(root + "data/cards.json")])
      .then(function (loaded) { run(loaded[0], loaded[1]); })
      .catch(function (error) { status.textContent = "The table could not start: " + error.message; });

    function run(procedure, cardsDoc) {
      var byName = new Map(cardsDoc.cards.map(function (card) { return [card.n, card]; }));
      var index = new C.decklist.CardIndex(cardsDoc.cards);
      var typeOf = function (name) { return byName.get(name).t; };
      var store = P.store(STORE_KEY, fresh);
      if (store.state.seed === null) { store.state.seed = C.play.randomSeed(); store.save(); }

      function cardFigure(name, id) {
        var card = byName.get(name) || {};
        var image = card.img ? '<img src="' + esc(card.img) + '" alt="' + esc(name) + '" loading="lazy" width="488" height="680">' : "";
        return '<figure class="bp-card" id="' + id + '">' + image + "<figcaption>" + esc(name) + "</figcaption></figure>";
      }

      function renderSetup(s) {
        var samples = procedure.samples.map(function (sample, i) {
          return '<option value="' + i + '">' + esc(sample.name) + "</option>";
        }).join("");
        return '<h2>Deal a game</h2><form id="bp-setup"><div class="pl-field"><label for="bp-list">Deck list</label>' +
          '<textarea id="bp-list" rows="10" spellcheck="false" placeholder="20 Forest&#10;4 Arbor Elf&#10;…">' + esc(s.deckText) +
          '</textarea></div><div class="pl-row"><div class="pl-field"><label for="bp-sample">or a sample deck</label><select id="bp-sample">' +
          samples + "</select></div>" + btn("bp-use-sample", "useSample", "", "Use the sample", { cls: "pl-btn--quiet" }) + "</div>" +
          '<div class="pl-row"><div class="pl-field"><label for="bp-seed">Seed (share it to deal the same game)</label>' +
          '<input id="bp-seed" inputmode="numeric" autocomplete="off" value="' + esc(s.seed) + '"></div>' +
          btn("bp-new-seed", "newSeed", "", "New seed", { cls: "pl-btn--quiet" }) + "</div>" +
          btn("bp-deal", "deal", "", "Shuffle and deal") + "</form>";
      }

      // Where each pile sits in the procedure's grid, and the piles beside it (a row's or a column's next cell:
      // a pile attacks those, never the one across the diagonal).
      var places = {};
      procedure.grid.forEach(function (row, r) { row.forEach(function (n, c) { places[n] = { row: r, col: c }; }); });
      function besides(n) {
        var at = places[n];
        return Object.keys(places).map(Number).filter(function (m) {
          var other = places[m];
          return Math.abs(other.row - at.row) + Math.abs(other.col - at.col) === 1;
        }).sort(function (a, b) { return a - b; });
      }

      // Piles are written in turn order (1, 2, 3...), which screen readers and Tab follow; the grid's rows and
      // columns set where each one shows.
      function pileBox(t, p, over) {
        var pile = t.piles[p], n = p + 1, id = "bp-pile-" + n, at = places[n], near = besides(n);
        var top = pile.length ? cardFigure(pile[pile.length - 1], id + "-top") : "<p>(empty)</p>";
        var under = pile.slice(0, -1).map(function (name, k) {
          return "<li>" + esc(name) + " " + btn(id + "-gy-" + k, "toGraveyard", p + ":" + k, "to graveyard",
            { cls: "pl-btn--quiet", label: "Pile " + n + ": " + name + " to the graveyard", disabled: over }) + "</li>";
        }).reverse().join("");
        return '<section class="bp-pile" aria-labelledby="' + id + '-title" id="' + id + '" style="grid-row: ' + (at.row + 1) +
          "; grid-column: " + (at.col + 1) + '"><h3 id="' + id + '-title">Pile ' + n +
          " <span class=\"pl-note\">(" + cardCount(pile.length) + ")</span></h3>" +
          (near.length ? '<p class="pl-note bp-beside" id="' + id + '-beside">Beside pile' + (near.length === 1 ? " " : "s ") +
            near.join(" and ") + "</p>" : "") + top +
          (under ? '<p class="bp-under">Beneath it, top first:</p><ul class="bp-under">' + under + "</ul>" : "") +
          '<div class="pl-row">' + btn(id + "-refill", "refill", p, "Creatures gone: refill", { label: "Pile " + n + ": its creatures are gone, refill it", disabled: over }) +
          btn(id + "-draw", "draw", p, "Draw", { cls: "pl-btn--quiet", label: "Pile " + n + " draws a card", disabled: over }) + "</div></section>";
      }

      function listOf(id, title, cards, action, over) {
        var items = cards.map(function (name, k) {
          return "<li>" + esc(name) + (action ? " " + btn(id + "-" + k, action, k, "to graveyard", { cls: "pl-btn--quiet", label: name + " to the graveyard", disabled: over }) : "") + "</li>";
        }).join("");
        return '<section id="' + id + '"><h3>' + title + " (" + cards.length + ")</h3>" + (items ? "<ul>" + items + "</ul>" : "<p>(none)</p>") + "</section>";
      }

      function renderTable(s) {
        var t = s.table, over = s.phase !== "playing";
        var verdict = s.phase === "won" ? '<p id="bp-verdict"><strong>You win: a balance of power.</strong></p>'
          : s.phase === "lost" ? '<p id="bp-verdict"><strong>You lose.</strong> ' + esc(t.message || "") + "</p>" : "";
        var grid = t.piles.map(function (pile, p) { return pileBox(t, p, over); }).join("");
        return "<h2>Seed " + esc(s.seed) + '</h2><p id="bp-library">Library: <strong>' + t.library.length + "</strong> " + (t.library.length === 1 ? "card" : "cards") + "</p>" + verdict +
          '<div class="bp-grid">' + grid + '</div><div class="bp-side">' +
          listOf("bp-lands", "Land pile", t.land_pile, "landToGraveyard", over) + listOf("bp-world", "World pile", t.world_pile, "worldToGraveyard", over) +
          listOf("bp-graveyard", "Graveyard", t.graveyard, null, over) + '</div><div class="pl-row">' +
          btn("bp-balance", "balance", "", "Declare a balance of power", { disabled: over }) +
          btn("bp-new-game", "newGame", "", "New game", { cls: "pl-btn--quiet" }) + "</div>";
      }

      // What the deal did, truly: the whole deck shuffled, the cards turned up to deal the piles, the rest left.
      function dealtMessage(t, shuffled, seed) {
        var left = t.library.length;
        return "Shuffled " + cardCount(shuffled) + " with seed " + seed + " and dealt " + t.piles.length + " piles from the top " +
          cardCount(shuffled - left) + "; " + left + " left in the library.";
      }

      function render(s) { return s.phase === "setup" ? renderSetup(s) : renderTable(s); }

      function after(s, table) {
        s.table = table;
        if (table.outcome === "lost") s.phase = "lost";
        return table.message || null;
      }

      function emptyDraw(p) {
        if (procedure.empty_draw !== "lose") {
          store.changed("The library is empty: pile " + (p + 1) + " draws nothing.");
          return;
        }
        store.act("pile " + (p + 1) + " draws", function (s) {
          s.phase = "lost";
          s.table.outcome = "lost";
          s.table.message = "No card to draw for pile " + (p + 1) + ": the game is lost.";
          return s.table.message;
        });
      }

      var actions = {
        useSample: function () {
          var sample = procedure.samples[Number(document.getElementById("bp-sample").value)];
          store.act("use the sample " + sample.name, function (s) { s.deckText = sample.list; return "The sample deck " + sample.name + " is in the list."; });
        },
        newSeed: function () {
          var seed = C.play.randomSeed();
          store.act("new seed", function (s) { s.deckText = document.getElementById("bp-list").value; s.seed = seed; return "New seed: " + seed; });
        },
        deal: function () {
          var text = document.getElementById("bp-list").value, seedText = document.getElementById("bp-seed").value.trim();
          var seed = Number(seedText);
          if (!/^\d+$/.test(seedText) || seed > S.SEED_MAX) { status.textContent = "The seed must be a whole number from 0 to " + S.SEED_MAX + "."; return; }
          var found = S.libraryFromList(C.decklist.parse(text), index);
          if (found.problems.length) { status.textContent = "Cannot deal: " + found.problems.slice(0, 3).join("; "); return; }
          store.act("deal with seed " + seed, function (s) {
            s.deckText = text; s.seed = seed; s.deck = found.names; s.phase = "playing";
            var message = after(s, S.deal(found.names, seed, procedure, typeOf));
            return message || dealtMessage(s.table, found.names.length, seed);
          });
        },
        refill: function (arg) {
          var p = Number(arg);
          store.act("refill pile " + (p + 1), function (s) {
            return after(s, S.refill(s.table, p, procedure, typeOf)) || "Pile " + (p + 1) + " refilled: " + s.table.piles[p][s.table.piles[p].length - 1] + " on top.";
          });
        },
        draw: function (arg) {
          var p = Number(arg);
          // A draw from an empty library: the procedure's `empty_draw` says (our reading, the rules page's
          // #winning-and-losing), nothing drawn or the game lost.
          if (!store.state.table.library.length) { emptyDraw(p); return; }
          store.act("pile " + (p + 1) + " draws", function (s) {
            var t = s.table;
            var pile = t.piles[p], card = t.library.shift();
            var at = procedure.draw_to === "top" ? pile.length : procedure.draw_to === "bottom" ? 0 : Math.max(0, pile.length - 1);
            pile.splice(at, 0, card);
            return "Pile " + (p + 1) + " drew " + card + ".";
          });
        },
        toGraveyard: function (arg) {
          var parts = String(arg).split(":"), p = Number(parts[0]), k = Number(parts[1]);
          store.act("pile " + (p + 1) + ": a card to the graveyard", function (s) {
            var card = s.table.piles[p].splice(k, 1)[0];
            s.table.graveyard.push(card);
            return card + " went to the graveyard.";
          });
        },
        landToGraveyard: function (arg) { moveFrom("land_pile", Number(arg)); },
        worldToGraveyard: function (arg) { moveFrom("world_pile", Number(arg)); },
        balance: function () { store.act("declare a balance of power", function (s) { s.phase = "won"; return "A balance of power: you win."; }); },
        newGame: function () {
          store.act("new game", function (s) { var text = s.deckText; Object.assign(s, fresh()); s.deckText = text; s.seed = C.play.randomSeed(); });
        }
      };

      function moveFrom(key, k) {
        store.act("a card from the " + key.replace("_", " ") + " to the graveyard", function (s) {
          var card = s.table[key].splice(k, 1)[0];
          s.table.graveyard.push(card);
          return card + " went to the graveyard.";
        });
      }

      P.mount(box, store, render, actions);
      box.addEventListener("input", function (event) {
        if (event.target.id === "bp-list") { store.state.deckText = event.target.value; store.save(); }
        if (event.target.id === "bp-seed" && /^\d+$/.test(event.target.value.trim())) { store.state.seed = Number(event.target.value.trim()); store.save(); }
      });
      box.addEventListener("submit", function (event) { event.preventDefault(); actions.deal(); });
      status.textContent = store.state.phase === "setup" ? "Paste a deck or use the sample, then deal." : P.resumed("game", store.state.phase === "won" || store.state.phase === "lost");
    }
  }

  C.onBox("play-solo", start);
})();
