/* A card's image next to the pointer while it hovers (or the keyboard focuses) a name with `data-img`.
   One image element for the whole site, in a frame attached to <body>, which instant navigation keeps. */
(function () {
  "use strict";
  var preview = null;
  var frame = null;
  var WIDTH = 244;
  var HEIGHT = 340;
  var GAP = 16;

  // The image (#card-preview) sits in a card-shaped frame that shows the card's name until the image covers
  // it, or instead of it when Scryfall cannot be reached (images.js).
  function element() {
    if (!preview) {
      frame = document.createElement("div");
      frame.className = "card-preview card-frame";
      frame.hidden = true;
      frame.setAttribute("aria-hidden", "true");
      preview = document.createElement("img");
      preview.id = "card-preview";
      preview.width = WIDTH;
      preview.height = HEIGHT;
      preview.alt = "";
      preview.hidden = true;
      frame.appendChild(preview);
      document.body.appendChild(frame);
    }
    return preview;
  }

  function place(x, y) {
    element();
    var left = x + GAP + WIDTH > window.innerWidth ? x - GAP - WIDTH : x + GAP;
    var top = Math.min(Math.max(8, y - HEIGHT / 2), window.innerHeight - HEIGHT - 8);
    frame.style.left = Math.max(8, left) + "px";
    frame.style.top = Math.max(8, top) + "px";
  }

  function show(link, x, y) {
    var image = element();
    var source = link.getAttribute("data-img");
    if (!/^https:\/\//.test(source || "")) return;  // only https images, as the build and cards.js allow
    frame.setAttribute("data-name", link.textContent);
    if (image.getAttribute("src") !== source) {
      image.classList.remove("failed");
      image.src = source;
    }
    place(x, y);
    frame.hidden = image.hidden = false;
  }

  function hide() {
    if (preview) frame.hidden = preview.hidden = true;
  }

  function cardLink(target) {
    return target && target.closest ? target.closest("a[data-img]") : null;
  }

  // A tap's card: one with an image, or a picture grid's tile of one without (cardtable.js: its words instead).
  function tappedCard(target) {
    return cardLink(target) || (target && target.closest ? target.closest(".card-grid a.text-tile") : null);
  }

  // Touch screens: no hover, so a tap on a card name or picture in a card table shows the card large, with a
  // link to go on; a tap anywhere else (or Escape) closes it. Elsewhere a tap follows the link as usual.
  var overlay = null;
  var opener = null;   // the card the open preview shows: the focus goes back to it when the preview closes
  function closePreview() {
    if (!overlay || overlay.hidden) return;
    overlay.hidden = true;
    if (opener && opener.isConnected) opener.focus({ preventScroll: true });
    opener = null;
  }
  function tapPreview(link) {
    if (!overlay) {
      overlay = document.createElement("div");
      overlay.className = "tap-preview";
      overlay.setAttribute("role", "dialog");
      overlay.innerHTML = '<div class="card-frame"><img alt="" width="488" height="680"></div>' +
        '<p><a class="tap-open" href="#">Open</a><button type="button" class="tap-close">Close</button></p>';
      overlay.addEventListener("click", function (event) {
        if (!event.target.closest(".tap-open")) closePreview();
      });
      document.addEventListener("keydown", function (event) { if (event.key === "Escape") closePreview(); });
      document.body.appendChild(overlay);
    }
    opener = link;
    var name = link.getAttribute("data-name") || link.textContent;
    overlay.setAttribute("aria-label", name);
    var frame = overlay.querySelector(".card-frame"), words = link.querySelector(".tile-text");
    frame.setAttribute("data-name", name);
    var image = overlay.querySelector("img");
    image.classList.remove("failed");
    // A card without an image: the tile's words (name, cost, type line), large, where the image would be.
    frame.classList.toggle("text-tile", Boolean(words));
    Array.prototype.forEach.call(frame.querySelectorAll(".tile-text"), function (node) { node.remove(); });
    if (words) frame.appendChild(words.cloneNode(true));
    image.hidden = Boolean(words);
    if (!words) image.src = link.getAttribute("data-img");
    image.alt = name;
    overlay.querySelector(".tap-open").href = link.href;
    overlay.querySelector(".tap-open").textContent = "Open " + name;
    overlay.hidden = false;
    overlay.querySelector(".tap-close").focus();
  }

  if (window.matchMedia && window.matchMedia("(hover: none)").matches) {
    document.addEventListener("click", function (event) {
      var link = tappedCard(event.target);
      if (!link || !link.closest("table.pool, table.data, .card-grid")) return;
      event.preventDefault();
      event.stopPropagation();
      tapPreview(link);
    }, true);
    return;
  }

  document.addEventListener("mouseover", function (event) {
    var link = cardLink(event.target);
    if (link) show(link, event.clientX, event.clientY);
  });
  document.addEventListener("mousemove", function (event) {
    if (preview && !preview.hidden && cardLink(event.target)) place(event.clientX, event.clientY);
  });
  document.addEventListener("mouseout", function (event) {
    var link = cardLink(event.target);
    if (link && !link.contains(event.relatedTarget)) hide();
  });
  document.addEventListener("focusin", function (event) {
    var link = cardLink(event.target);
    if (!link) return;
    var box = link.getBoundingClientRect();
    show(link, box.right, box.top + box.height / 2);
  });
  document.addEventListener("focusout", hide);
  window.addEventListener("scroll", hide, { passive: true });
  if (window.Coalition && window.Coalition.onPage) window.Coalition.onPage(hide);
})();
