/**
 * Card faces drawn here as SVG (no image files, nothing from elsewhere): the rank and
 * suit in the corner and a large pip in the middle, or a joker's star. The colour is the
 * text colour (`currentColor`), so the page's stylesheet decides it: red suits, and the
 * four-colour deck's blue diamonds and green clubs.
 */

const SVG = "http://www.w3.org/2000/svg";
const PIPS = { S: "♠", H: "♥", D: "♦", C: "♣" };

function node(tag, attributes, text) {
  const made = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) made.setAttribute(name, value);
  if (text !== undefined) made.textContent = text;
  return made;
}

/** The face of the card `text` (`10H`, `JK`), `wild` marked; hidden from screen readers,
 * which read the card's name from the button that holds it. */
export function cardFace(text, wild = false) {
  const joker = text === "JK";
  const rank = joker ? "JK" : text.slice(0, -1);
  const suit = joker ? "" : text.at(-1);
  const red = suit === "H" || suit === "D";
  const classes = ["card", "face", red && "red", joker && "joker", wild && "wild"].filter(Boolean).join(" ");
  const svg = node("svg", { viewBox: "0 0 40 56", class: classes, "data-card": text, "aria-hidden": "true", focusable: "false" });
  svg.append(
    node("rect", { x: "1", y: "1", width: "38", height: "54", rx: "5", class: "edge" }),
    node("text", { x: "4", y: "15", class: "rank" }, rank),
    node("text", { x: "20", y: "44", class: "pip", "text-anchor": "middle" }, joker ? "★" : PIPS[suit]),
  );
  if (!joker) svg.append(node("text", { x: "4", y: "26", class: "corner" }, PIPS[suit]));
  return svg;
}
