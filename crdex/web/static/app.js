// Small enhancements; every page works without them.
// "/" moves the focus to the search box (unless one is typing already).
document.addEventListener("keydown", function (event) {
  if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey) return;
  var target = event.target;
  if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
  var box = document.getElementById("q") || document.getElementById("site-q");
  if (box) {
    event.preventDefault();
    box.focus();
    box.select();
  }
});
