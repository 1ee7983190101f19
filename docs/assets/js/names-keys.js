/* Finding a card by the name someone typed, its first half: the keys names are compared by (case, accents,
   punctuation) and the exact readings of a name (the name, a face, its words in another order, a legend's short
   name). names.js, run after it, adds the typos, likenesses and suggestions and is the matcher the other scripts
   call (C.names); together they are the JavaScript twin of generator/names.py, whose docstring is the spec.
   Split from names.js, which had reached the 400 lines a script may have. */
(function () {
  "use strict";
  var C = (window.Coalition = window.Coalition || {});
  var DROPPED = /['\u2019\u2018`\u00b4"\u201c\u201d,.!?]/g;
  var SEPARATORS = /[^\p{L}\p{N}]+/gu;
  // Most text is ASCII and the dashes and quotes of Oracle text, which NFKD leaves as they are and which are
  // no letter: its key skips the normalisation and the Unicode classes (same key, a third of the time: the
  // first filter of the unaffiliated pool keys 7,000 rows at once).
  var PLAIN = /^[\x00-\x7f\u2013\u2014\u2018\u2019\u201c\u201d\u2022]*$/;
  var PLAIN_SEPARATORS = /[^a-z0-9]+/g;

  // A reversible printing's name, one name twice either side of "//", is that one name.
  function key(name) {
    if (String(name).indexOf("/") < 0) return plainKey(name);
    var halves = String(name).split(/\/+/);
    if (halves.length === 2 && plainKey(halves[0]) === plainKey(halves[1])) return plainKey(halves[0]);
    return plainKey(name);
  }

  function plainKey(name) {
    var text = String(name);
    if (PLAIN.test(text)) return text.toLowerCase().replace(DROPPED, "").replace(PLAIN_SEPARATORS, " ").trim();
    text = text.replace(/\u00e6/g, "ae").replace(/\u00c6/g, "Ae").normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
    return text.replace(DROPPED, "").replace(SEPARATORS, " ").trim();
  }

  function wordKey(nameKey) { return nameKey.split(" ").sort().join(" "); }   // its words in any order (rule 3)

  function compare(a, b) { return a < b ? -1 : a > b ? 1 : 0; }

  function unique(list) {
    var seen = new Set();
    return list.filter(function (i) { if (seen.has(i)) return false; seen.add(i); return true; });
  }

  // entries: [{name, faces: [..], legend: bool, rank: number or null}]; answers are positions in that list.
  function NameIndex(entries) {
    var self = this;
    this.entries = entries;
    this.keys = entries.map(function (entry) { return key(entry.name); });
    this.byKey = new Map();
    this.keys.forEach(function (k, i) { if (!self.byKey.has(k)) self.byKey.set(k, i); });
    entries.forEach(function (entry, i) {
      var k = entry.faces && entry.faces.length ? key(entry.faces[0]) : null;
      if (k !== null && !self.byKey.has(k)) self.byKey.set(k, i);
    });
    this.faces = null;
    this.typoSlots = null;
    this.legendsByShort = null;
    this.grams = this.byWords = null;
  }

  NameIndex.fromCards = function (cards) {
    return new NameIndex(cards.map(function (card) {
      // lg: legendary, in every format; rk: how much it is played (edhrec_rank, lower first), when known
      return { name: card.n, faces: card.f || [], legend: !!card.lg, rank: card.rk === undefined ? null : card.rk };
    }));
  };

  NameIndex.prototype.order = function (a, b) {
    var x = this.entries[a].name;
    var y = this.entries[b].name;
    return x.length - y.length || compare(x, y);
  };

  NameIndex.prototype.lookup = function (query) {
    var found = this.byKey.get(key(query));
    return found === undefined ? null : found;
  };

  // The key of a legend's short name ("krenko" for Krenko, Mob Boss), else null.
  NameIndex.prototype.shortKey = function (i) {
    var entry = this.entries[i];
    return entry.legend && entry.name.indexOf(",") >= 0 ? key(entry.name.split(",")[0]) : null;
  };

  // The legends whose short name has this key, shortest name first (spec rule 3).
  NameIndex.prototype.shortLegends = function (wanted) {
    if (!this.legendsByShort) {
      var byShort = new Map(), all = [];
      for (var i = 0; i < this.entries.length; i++) all.push(i);
      all.sort(this.order.bind(this)).forEach(function (j) {
        var short = this.shortKey(j);
        if (short === null) return;
        if (!byShort.has(short)) byShort.set(short, []);
        byShort.get(short).push(j);
      }, this);
      this.legendsByShort = byShort;
    }
    return (this.legendsByShort.get(wanted) || []).slice();
  };

  NameIndex.prototype.faceKeys = function () {
    if (!this.faces) {
      var faces = this.keys.map(function (k, i) { return [k, i]; });
      this.entries.forEach(function (entry, i) {
        (entry.faces || []).forEach(function (face) { faces.push([key(face), i]); });
      });
      this.faces = faces;
    }
    return this.faces;
  };


  NameIndex.prototype.resolve = function (query) {
    var wanted = key(query);
    if (!wanted) return null;
    if (this.byKey.has(wanted)) return this.byKey.get(wanted);
    var legends = this.shortLegends(wanted);
    if (legends.length) return legends[0];
    var face = this.faceKeys().filter(function (pair) { return pair[0] === wanted; })[0];
    if (face) return face[1];
    var same = this.sameWords(wanted);
    return same.length === 1 ? same[0] : null;
  };

  // The cards with a name or face of these words in any order (spec rule 3), shortest name first.
  NameIndex.prototype.sameWords = function (wanted) {
    if (!this.byWords) {
      var byWords = (this.byWords = new Map()), order = this.order.bind(this);
      this.faceKeys().slice().sort(function (a, b) { return order(a[1], b[1]); }).forEach(function (pair) {
        var cards = byWords.get(wordKey(pair[0])) || [];
        if (cards.indexOf(pair[1]) < 0) byWords.set(wordKey(pair[0]), cards.concat([pair[1]]));
      });
    }
    return (this.byWords.get(wordKey(wanted)) || []).slice();
  };

  // How a typed name named the card at `position` (spec rule 6): {how: "name" | "face" | "words" | "short_name",
  // others: the other legends of that short name}, else null (a typo's nearest name, a suggestion picked).
  NameIndex.prototype.readAs = function (query, position) {
    var wanted = key(query);
    if (wanted === this.keys[position]) return { how: "name", others: [] };
    var faces = this.entries[position].faces || [];
    if (faces.some(function (face) { return key(face) === wanted; })) return { how: "face", others: [] };
    if (this.sameWords(wanted).indexOf(position) >= 0) return { how: "words", others: [] };
    var legends = this.shortLegends(wanted);
    if (legends.indexOf(position) < 0) return null;
    return { how: "short_name", others: legends.filter(function (i) { return i !== position; }) };
  };

  C.nameKeys = { key: key, unique: unique, NameIndex: NameIndex };
})();
