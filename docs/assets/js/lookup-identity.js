/* The card lookup's answer for an identity format (format.json identity "color"): the card's color identity
   and its page, the format's mechanics it has, and whether it can be a commander, in the format's words.
   Split from lookup.js; lookup-card.js calls C.lookupIdentity. */
(function () {
  "use strict";
  var C = (window.Coalition = window.Coalition || {});

  // A template of the format's words with its {placeholders} filled in (deckfacts.js fills the validator's alike).
  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, function (whole, key) { return key in values ? String(values[key]) : whole; });
  }

  // Why a season variant the card is not in ("v") will not have it as commander: the first of its colors
  // (a commander of that variant has commander_colors, else colors), a mechanic the variant does not allow
  // (2c), the variant's own commander bans. The twin of generator/commander_words.py's variant_reason.
  function variantReason(card, name, variant, texts, leader) {
    var wanted = variant.commander_colors || variant.colors, count = (card.ci || "").length;
    if (count !== wanted) return fill(texts.colors, { variant: name, leader: leader, wanted: wanted, count: count });
    var barred = (card.k || []).filter(function (m) { return (variant.allows || []).indexOf(m) < 0; });
    if (barred.length) return fill(texts.mechanics, { variant: name, mechanics: barred.join(", ") });
    return fill(texts.banned_as, { variant: name, leader: leader });
  }

  // The season variants in which the card can be a commander (cards.json "v", worked out once by the build:
  // generator/sql/080_leaders.sql `seasons`), else why it can be none, in the format's words (format.yml
  // texts.commander): `coalition card` says the same (generator/commander_words.py). A format without
  // variants: any leader ("L").
  function commanderSeasons(card, format, leader) {
    var variants = format.variants || {};
    if (!Object.keys(variants).length) {
      return "L" in card ? "It can be a " + leader + "." : "It cannot be a " + leader + ".";
    }
    var texts = (format.texts || {}).commander || {};
    if (card.v) {
      return fill(texts.can, { leader: leader, seasons: card.v.map(function (v) {
        var count = (variants[v] || {}).commanders;
        return count > 1 ? fill(texts.one_of, { variant: v, count: count }) : v;
      }).join(" or a ") });
    }
    var why = !card.l ? [fill(texts.not_legal, { format: format.name })]
      : !("L" in card) ? [fill(texts.not_shaped, { leader: leader })]
      : Object.keys(variants).map(function (v) { return variantReason(card, v, variants[v], texts, leader); });
    return fill(texts.cannot, { leader: leader, why: why.join("; ") });
  }

  // Where a card's color identity has its page (identities/<letters>/): only the sizes a season variant gives
  // a player or a commander have one (format.json identity_sizes); for any other, why not, in those numbers.
  function identityPage(root, colors, format) {
    var sizes = format.identity_sizes || [];
    if (!sizes.length) return "";
    if (sizes.indexOf(colors.length) >= 0) {
      return ' (<a href="' + root + "identities/" + colors.toLowerCase() + '/">its ' + colors + " page</a>)";
    }
    var index = '<a href="' + root + 'identities/">color identities</a>';
    if (!colors) return " (no page of its own: it is in the pool of every one of the " + index + ")";
    var why = "no season variant gives a player or a commander " + colors.length + (colors.length === 1 ? " color" : " colors") +
      ", only " + sizes.join(" or ");
    return colors.length < Math.min.apply(null, sizes)
      ? " (no page of its own: " + why + "; it is in the pool of every one of the " + index + " with " + colors + ")"
      : " (no page: " + why + ")";
  }

  // The pointer to the identity page the words name, as a filter reads them (colours.js: "izzet", "ur", "bug"),
  // in an identity format and only for an identity with a page; "" otherwise. `said` is the words, quoted.
  C.identityNamed = function (root, format, asked, said) {
    var test = format.identity === "color" && C.colourWord ? C.colourWord(asked.trim().replace(/\s+/g, "")) : null;
    if (!test || !test.exact || !test.colours || (format.identity_sizes || []).indexOf(test.colours.length) < 0) return "";
    var word = format.texts.words.type;   // format.json, through C.usableFormat (lookup.js)
    var named = /^[wubrg]+$/i.test(asked.trim()) ? "" : " (" + C.escape(asked.trim().charAt(0).toUpperCase() + asked.trim().slice(1).toLowerCase()) + ")";
    return '<p class="also-named">' + said + " names a " + C.escape(word) + ': see the <a href="' + root + "identities/" +
      test.colours.toLowerCase() + '/">' + test.colours + named + "</a> page.</p>";
  };

  // An identity format (format.json identity "color"): the card's color identity (cards.json "ci"), the
  // format's mechanics it has ("k"), and whether it can be a commander (a leader of the build: "L").
  // `linked` turns rule numbers in the format's words into links (lookup-card.js's ruleLinks).
  C.lookupIdentity = function (root, card, format, linked) {
    var word = format.leader.word, colors = card.ci || "";
    return "<dt>Color identity</dt><dd>" + (colors ? '<span class="mana">{' + colors.split("").join("}{") + "}</span> " + colors : "colorless") +
      identityPage(root, colors, format) + "</dd>" + (card.k ? "<dt>Mechanics</dt><dd>" + C.escape(card.k.join(", ")) + "</dd>" : "") +
      "<dt>As " + C.escape(word) + "</dt><dd>" + linked(commanderSeasons(card, format, word)) + "</dd>";
  };
})();
