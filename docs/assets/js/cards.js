/* The card index (data/cards.json, see CONTRIBUTING.md) loaded once per visit and shared by the card lookup
   and the unaffiliated pool, with the few helpers both need. */
(function () {
  "use strict";
  var C = (window.Coalition = window.Coalition || {});
  var loads = {};

  // The same slugs as generator/slugs.py: page URLs are built from names on both sides.
  C.slugify = function (name) {
    var spelled = name.replace(/\u2019/g, "'").replace(/\u00c6/g, "Ae").replace(/\u00e6/g, "ae");
    var ascii = spelled.normalize("NFKD").replace(/[^\x00-\x7f]/g, "");
    var dashed = ascii.toLowerCase().replace(/[\s'\u2019/]+/g, "-");
    var slug = dashed.replace(/[^a-z0-9-]+/g, "").replace(/-{2,}/g, "-").replace(/^-+|-+$/g, "") || "card";
    return slug.length > 80 ? slug.slice(0, 71).replace(/-+$/, "") + "-" + nameHash(name) : slug;
  };

  // generator/slugs.py's name_hash: 32-bit FNV-1a of the name's UTF-8 bytes, 8 hex digits.
  function nameHash(name) {
    var value = 0x811c9dc5;
    new TextEncoder().encode(name).forEach(function (byte) { value = Math.imul(value ^ byte, 0x01000193) >>> 0; });
    return ("0000000" + value.toString(16)).slice(-8);
  }

  // Only plain https addresses from the card data become links or images (the build drops others too).
  C.safeUrl = function (url) {
    return typeof url === "string" && /^https:\/\/[^\s"'<>\\`]+$/.test(url) ? url : null;
  };

  C.escape = function (text) {
    return String(text == null ? "" : text).replace(/[&<>"']/g, function (ch) {
      return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[ch];
    });
  };

  // Words that may hold an address (a rule's, format.json rule_texts) as HTML for the search box and the lookup
  // alike: escaped, each https address a link named by its host ("(scryfall.com)"), not a long bare address;
  // any other address stays text. A stop or bracket after an address is the sentence's, not the address's.
  var ADDRESS = /(https:\/\/[^\s"'<>\\`()]*[^\s"'<>\\`().,;:!?\u2026])/;
  C.linkedWords = function (text) {
    return String(text == null ? "" : text).split(ADDRESS).map(function (part, i) {
      var url = i % 2 ? C.safeUrl(part) : null, host = url && /^https:\/\/(?:www\.)?([^\/?#:@]+)/.exec(url);
      return host ? '<a href="' + C.escape(url) + '">' + C.escape(host[1]) + "</a>" : C.escape(part);
    }).join("");
  };

  // What a format calls its pieces (format.json: leader.word and texts.words, every word written by the export,
  // the schema's defaults, generator/formatschema.py Words, their one place): Coalition's leader and coalition,
  // Heroic's hero and army. The lookup, the search box, the pools and the validators say them. No word has a
  // fallback here: a page that says them takes its format.json through C.usableFormat (the validators through
  // C.missingWord), which refuses a file without one.
  C.formatWords = function (format) {
    return Object.assign({}, format.texts.words, { leader: format.leader.word });
  };

  // The words of texts.words the pages say.
  var WORDS = ["leaders", "type", "types", "group", "groups", "identity", "identity_one", "affiliated",
               "unaffiliated_one", "unaffiliated_pool", "no_leader", "no_types"];

  // The first word the pages say that `format` (a format.json) lacks ("leader.word", "texts.words.types"), else
  // null. Only a file of another build lacks one (one a cache kept, beside this build's scripts).
  C.missingWord = function (format) {
    if (!format.name) return "name";
    if (!(format.leader || {}).word) return "leader.word";
    var own = (format.texts || {}).words || {};
    var missing = WORDS.filter(function (key) { return !own[key]; });
    return missing.length ? "texts.words." + missing[0] : null;
  };

  // `format` when it has the words the pages say, else an Error naming the first it lacks: the page says its
  // data could not be loaded, which a reload mends, rather than "undefined" or a word the format does not use.
  C.usableFormat = function (format) {
    var missing = C.missingWord(format);
    if (missing) throw new Error("format.json has no " + missing);
    return format;
  };

  // The grammar of a format's `affiliated` words by number: one card, several, or after "must".
  var AFFILIATED_FORMS = { one: { is: "is", has: "has", its: "its" },
                           many: { is: "are", has: "have", its: "their" },
                           be: { is: "be", has: "have", its: "its" } };

  // A format's words for a card's identity holding typeName ("is affiliated with Goblin", "have Goblin in
  // their typal identity"); number ("one" unless given) picks the verb's form. The twin of
  // generator/formatschema.py affiliated (tests/browser/test_affiliated_words.py): no escaping, as there.
  C.affiliated = function (words, typeName, number) {
    var said = Object.assign({ type: String(typeName) }, AFFILIATED_FORMS[number || "one"]);
    return words.replace(/\{(is|has|its|type)\}/g, function (match, key) { return said[key]; });
  };

  // A type's group in the format's words ("Goblin army"), or the name the build gives it where the type is
  // named as the group's word (format.json group_names: generator/site/context.py group_name).
  C.groupName = function (format, type) {
    return (format.group_names || {})[type] || type + " " + C.formatWords(format).group;
  };

  function fetchJson(url) {
    return fetch(url).then(function (response) {
      if (!response.ok) throw new Error(url + ": " + response.status);
      return response.json();
    });
  }

  // {cards, byName, leaders, coalitionTypes} from the index at `url`, fetched once per URL.
  C.loadCards = function (url) {
    var absolute = new URL(url, window.location.href).href;
    if (!loads[absolute]) {
      loads[absolute] = fetchJson(absolute).then(index);
      loads[absolute].catch(function () { delete loads[absolute]; });
    }
    return loads[absolute];
  };

  C.loadJson = function (url) {
    return fetchJson(new URL(url, window.location.href).href);
  };

  function index(data) {
    var byName = new Map();
    var leaders = [];
    var coalitionTypes = new Set();
    data.cards.forEach(function (card) {
      byName.set(card.n.toLowerCase(), card);
      (card.f || []).forEach(function (face) {
        if (!byName.has(face.toLowerCase())) byName.set(face.toLowerCase(), card);
      });
      if (card.L && card.L.length) {
        leaders.push(card);
        card.L.forEach(function (type) { coalitionTypes.add(type); });
      }
    });
    return { cards: data.cards, types: data.types, byName: byName, leaders: leaders,
             coalitionTypes: Array.from(coalitionTypes).sort() };
  }

  // A legal card no deck may hold all the same (cards.json "nd", the build's table `deckless`): affiliated
  // only with types no leader leads (Human alone, never a coalition type). The lookup, the search and "What
  // can I build?" say so rather than "legal".
  C.fitsNoDeck = function (card) { return Boolean(card.nd); };

  // Where a card's name leads, in a table and a picture grid alike: its Scryfall page, else (data without
  // one) Scryfall's search for that exact name.
  C.cardUrl = function (card) {
    return C.safeUrl(card.u) || "https://scryfall.com/search?q=" + encodeURIComponent('!"' + card.n + '"');
  };

  // A card-name link to Scryfall that previews the image on hover (preview.js).
  C.cardLink = function (card) {
    var image = C.safeUrl(card.img) ? ' data-img="' + C.escape(card.img) + '"' : "";
    return '<a href="' + C.escape(C.cardUrl(card)) + '"' + image + ">" + C.escape(card.n) + "</a>";
  };

  C.copies = function (card) {
    return card.x === null || card.x === undefined ? "any" : String(card.x);
  };
})();
