/* What the pool pages drawn from JSON share (unaffiliated.js, identitypool.js, typepool.js): a card's row for
   cardtable.js, and the filter box with one heading and one empty table per card group. */
(function () {
  "use strict";
  var C = (window.Coalition = window.Coalition || {});

  // One card's row. What only a sort, a filter, a colour or mana value choice, a picture or a first drawing
  // needs is worked out then, once: most of 10,000 rows never need it. `colourOf(card)` gives the colours the
  // colour filter reads.
  // A type's pool (typepool.js) adds a column: why the card is in ("w"), and why its copy limit ("xr").
  function PoolRow(card, colourOf) {
    this.card = card;
    this.colourOf = colourOf;
    this.name = card.n;
    this.img = card.img || "";
  }

  function once(name, make) {
    Object.defineProperty(PoolRow.prototype, name, {
      get: function () {
        var value = make.call(this);
        Object.defineProperty(this, name, { value: value, writable: true });
        return value;
      }
    });
  }

  once("mv", function () { return C.manaValue(this.card.m); });
  once("link", function () { return C.cardUrl(this.card); });   // cards.js: where the picture grid's tile links
  once("text", function () {   // what the filter reads (tables.js C.keyRow): lower case, the name first
    var card = this.card;
    return (card.n + " " + card.t + (card.w ? " " + card.w : "")).toLowerCase();
  });
  once("colours", function () { return this.colourOf(this.card); });
  once("keys", function () {
    var card = this.card;
    return { name: card.n.toLowerCase(), mv: this.mv, type: card.t.toLowerCase(),
             copies: card.x === null || card.x === undefined ? "any" : card.x, why: (card.w || "").toLowerCase() };
  });
  PoolRow.prototype.makeCells = function () {
    var card = this.card;
    var cells = [C.cardLink(card), '<span class="mana">' + C.escape(card.m) + "</span>", C.escape(card.t), C.copies(card)];
    var attrs = ["", ' data-sort="' + this.mv + '"', "", card.xr ? ' title="' + C.escape(card.xr) + '"' : ""];
    if (card.w !== undefined) {
      cells.push(C.escape(card.w));
      attrs.push("");
    }
    return [cells, attrs];
  };
  C.PoolRow = PoolRow;

  // Why a card the filter's words name is not in this pool, in the format's words (its format.json beside
  // its cards.json), with a link to the card lookup; null when the words name no card or one the pool holds.
  // pool: {type: "Goblin"} (a type's pool), {identity: "UR"} (an identity's) or {} (the unaffiliated pool).
  function whyNot(card, pool, format, home) {
    var name = "<strong>" + C.escape(card.n) + "</strong>";
    var types = card.c ? [] : unique(card.a.map(function (row) { return row[0]; }));
    if (!card.l) {
      return name + " is not legal in " + C.escape(format.name) + ". " +
        card.r.map(function (code) { return C.escape((format.reason_texts || {})[code] || code); }).join(" ");
    }
    if (card.lo) return name + " is legendary: a deck plays it only as its " + C.escape(format.leader.word) + ".";
    if (pool.identity !== undefined) {
      var outside = (card.ci || "").split("").some(function (c) { return pool.identity.indexOf(c) < 0; });
      return outside ? name + "\u2019s " + C.escape(format.texts.words.identity) + " is " + C.escape(card.ci) + ", outside " + C.escape(pool.identity) + "." : null;
    }
    if (card.c) return pool.type ? null : name + " is a changeling: it has every creature type, so every type\u2019s pool holds it.";
    var said = C.formatWords(format);   // texts.words: "is affiliated with", "has … in its typal identity"
    if (!types.length) {
      return pool.type ? name + " " + C.escape(C.affiliated(said.unaffiliated_one, "")) + ": every " + C.escape(pool.type) +
        ' deck may play it (<a href="' + C.escape(home) + 'unaffiliated/">the ' + C.escape(said.unaffiliated_pool) + "</a>)." : null;
    }
    if (types.indexOf(pool.type) >= 0) return null;
    return name + " " + C.affiliated(C.escape(said.affiliated), listed(types, "and")) + (pool.type ? ", not " + C.escape(pool.type) : "") +
      ": only " + (types.length > 1 ? "a " : "") + listed(types, "or") + " deck" + (types.length > 1 ? "" : "s") + " may play it.";
  }

  function unique(list) { return list.filter(function (item, i) { return list.indexOf(item) === i; }); }

  // "Druid, Elf and Warrior"
  function listed(items, last) {
    var words = items.map(C.escape);
    return words.length > 1 ? words.slice(0, -1).join(", ") + " " + last + " " + words[words.length - 1] : words[0];
  }

  // The format.json beside a format's cards.json, and its contents fetched once per page (the pool's groups
  // and a miss's explanation both read it).
  function formatUrlOf(cardsUrl) {
    return new URL("format.json", new URL(cardsUrl, window.location.href)).href;
  }

  var formats = new Map();
  function loadFormat(url) {
    if (!formats.has(url)) {
      formats.set(url, C.loadJson(url));
      formats.get(url).catch(function () { formats.delete(url); });
    }
    return formats.get(url);
  }

  // explain(typed) for cardtable.js: the card index is loaded on a miss only, once per visit (the header's
  // search reads the same file), since a page that says "No card matches." of a card its decks may play
  // (Lightning Bolt on a type's page: unaffiliated) or may not (Sol Ring: banned) sends the reader astray.
  C.poolMiss = function (cardsUrl, pool) {
    var formatUrl = formatUrlOf(cardsUrl);
    return function (typed) {
      // A format.json without a word the explanation says (C.usableFormat) explains nothing, as one that failed
      // to load: the table's own "No card matches." stands.
      return Promise.all([C.loadCards(cardsUrl), loadFormat(formatUrl).then(C.usableFormat)]).then(function (loaded) {
        var index = loaded[0];
        if (!index.names) index.names = C.names.NameIndex.fromCards(index.cards);
        var found = index.names.resolve(typed);
        var card = found === null ? null : index.cards[found];
        var home = new URL("../", formatUrl).href;
        var said = card && whyNot(card, pool, loaded[1], home);
        return said ? said + ' See <a href="' + C.escape(home + "lookup/?card=" + encodeURIComponent(card.n)) + '">' +
          C.escape(card.n) + " in the card lookup</a>." : null;
      }).catch(function () { return null; });
    };
  };

  function table(id) {
    return '<table class="pool" id="' + id + '">' +
      '<thead><tr><th data-key="name">Card</th><th data-key="mv">Cost</th><th data-key="type">Type</th>' +
      '<th data-key="copies" title="Most copies a deck may hold">Copies</th></tr></thead><tbody></tbody></table>';
  }

  // The card groups in the order pools show them, from the format.json beside `cardsUrl` (its card_groups,
  // data/cards/vocabulary.yml's): [{group, title, one}], or [] when it cannot be loaded.
  C.poolGroups = function (cardsUrl) {
    return C.poolFormat(cardsUrl).then(function (format) { return format.card_groups || []; });
  };

  // The format.json beside cardsUrl, or {} when it cannot be had (C.missingWord says so: no word is guessed).
  C.poolFormat = function (cardsUrl) {
    return loadFormat(formatUrlOf(cardsUrl)).catch(function () { return {}; });
  };

  // [code, heading] of each group `byGroup` holds, in `known`'s order; a group it does not know, after them
  // under its code (as generator/site/pages.py's pool_groups does), so no card goes missing.
  function poolGroups(byGroup, known) {
    var named = {};
    var groups = known.filter(function (g) { return byGroup[g.group]; }).map(function (g) {
      named[g.group] = true;
      return [g.group, g.title];
    });
    return groups.concat(Object.keys(byGroup).sort().filter(function (key) { return !named[key]; })
      .map(function (key) { return [key, key.charAt(0).toUpperCase() + key.slice(1)]; }));
  }

  // Into `box`: the filter box, then per card group a heading and an empty table; then cardtable.js draws
  // them. spec: key (the filter's and the tables' name), label (the filter's), heading ("h2" or "h3"),
  // anchor (the headings' id prefix), colourOf, cards (the format's cards.json), pool (see whyNot), groups
  // (C.poolGroups'), drawn (optional, see cardtable.js).
  C.poolTables = function (box, cards, spec) {
    var byGroup = {};
    cards.forEach(function (card) { (byGroup[card.g] = byGroup[card.g] || []).push(card); });
    var html = '<div class="table-filter"><input type="search" data-filter="' + spec.key + '" placeholder="Filter ' +
      C.thousands(cards.length) + ' cards by name, type or color" aria-label="' + spec.label + '">' +
      '<output data-filter-count="' + spec.key + '" data-noun="cards" data-noun-one="card"></output></div>';
    var groups = poolGroups(byGroup, spec.groups || []);
    groups.forEach(function (group) {
      html += "<" + spec.heading + ' id="' + spec.anchor + group[0] + '">' + group[1] + " <small></small></" +
        spec.heading + ">" + table(spec.key + "-" + group[0]);
    });
    box.innerHTML = html;
    var output = box.querySelector('output[data-filter-count="' + spec.key + '"]');
    // Each heading counts its group in the filter count's words ("444 cards"), before its rows are drawn.
    groups.forEach(function (group) {
      var size = byGroup[group[0]].length;
      box.querySelector("#" + spec.anchor + group[0] + " small").textContent = C.countSaid(output, size, size, false);
    });
    var parts = groups.map(function (group) {
      return [box.querySelector("#" + spec.key + "-" + group[0]),
              byGroup[group[0]].map(function (card) { return new PoolRow(card, spec.colourOf); })];
    });
    C.cardTable({ input: box.querySelector('input[data-filter="' + spec.key + '"]'), parts: parts,
                  output: output, drawn: spec.drawn, distinct: true,   // each card in its one group
                  format: formatUrlOf(spec.cards),
                  explain: C.poolMiss(spec.cards, spec.pool) });
  };
})();
