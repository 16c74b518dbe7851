// fairdraw organiser page: a few lines of plain JavaScript, no libraries.
// 1. Results from the keyboard (issue 7 item 2): in a board's result field, "1", "=" or "0"
//    fill in 1-0, ½-½ or 0-1 and move to the next board; Enter saves the round.
// 2. Forms with data-confirm ask before doing something that removes data.
(function () {
  "use strict";
  var KEYS = { "1": "1-0", "=": "1/2-1/2", "0": "0-1", "½": "1/2-1/2" };

  function nextField(current) {
    var fields = Array.prototype.slice.call(document.querySelectorAll("input.result"));
    var index = fields.indexOf(current);
    return index >= 0 && index + 1 < fields.length ? fields[index + 1] : document.getElementById("save");
  }

  document.addEventListener("keydown", function (event) {
    var field = event.target;
    if (!(field instanceof HTMLInputElement) || !field.classList.contains("result")) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    var wholeSelected = field.selectionStart === 0 && field.selectionEnd === field.value.length;
    if (KEYS[event.key] && (field.value === "" || wholeSelected)) {
      event.preventDefault();
      field.value = KEYS[event.key];
      var next = nextField(field);
      if (next) next.focus();
    }
  });

  document.addEventListener("focusin", function (event) {
    var field = event.target;
    if (field instanceof HTMLInputElement && (field.classList.contains("result") || field.classList.contains("score"))) {
      field.select();
    }
  });

  document.addEventListener("submit", function (event) {
    var message = event.target.getAttribute("data-confirm");
    if (message && !window.confirm(message)) event.preventDefault();
  });
})();
