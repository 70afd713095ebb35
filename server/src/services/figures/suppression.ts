// Small-count suppression for the public statistics (issue 19). The public table is the whole
// hierarchy at once (city → kecamatan → kelurahan) × an indicator's categories, so every query the
// public can make is a slice of ONE suppressed table and no combination of queries can undo it.
//
// The rule:
// 1. Primary: a region whose families number 1–4 is hidden whole (total and every category); a
//    category cell of 1–4 families is hidden.
// 2. Complementary: the table's additive equations are (a) a region's families = the sum of its
//    categories and (b) a parent's cell = the sum of its children's cells, per category and for the
//    totals. Any equation with exactly one hidden cell would reveal it, so another cell of that
//    equation is hidden (the smallest shown one; a child before the parent). Repeat until no equation
//    has exactly one hidden cell.
// Totals are settled first, from the families alone, so a region's total is hidden or shown alike
// for every indicator (indicators share the totals).
import { SMALL_COUNT_THRESHOLD } from "@shared/statistics.ts";

export interface SuppressionNode {
  id: string;
  parentId: string | null;
  families: number;
  categories: number[];
}

export interface SuppressedNode {
  id: string;
  familiesHidden: boolean;
  categoriesHidden: boolean[];
}

const isSmall = (value: number) => value > 0 && value < SMALL_COUNT_THRESHOLD;

interface Cell {
  value: number;
  hidden: boolean;
  /** Children are hidden before parents: a child's cell reveals less. */
  depth: number;
}

/** Hides the smallest shown cell of an equation with exactly one hidden cell; true when it hid one. */
function balance(equation: Cell[]): boolean {
  const hidden = equation.filter((cell) => cell.hidden).length;
  if (hidden !== 1) return false;
  const candidates = equation.filter((cell) => !cell.hidden);
  if (candidates.length === 0) return false;
  candidates.sort((a, b) => b.depth - a.depth || a.value - b.value);
  const [first] = candidates;
  if (!first) return false;
  first.hidden = true;
  return true;
}

function settle(equations: Cell[][]): void {
  let changed = true;
  while (changed) {
    changed = false;
    for (const equation of equations) if (balance(equation)) changed = true;
  }
}

/** The suppression of a whole hierarchy (nodes listed with their parents; one root). */
export function suppress(nodes: SuppressionNode[]): Map<string, SuppressedNode> {
  const depthOf = new Map<string, number>();
  for (const node of nodes) depthOf.set(node.id, node.parentId === null ? 0 : (depthOf.get(node.parentId) ?? 0) + 1);
  const children = new Map<string, SuppressionNode[]>();
  for (const node of nodes) {
    if (node.parentId === null) continue;
    children.set(node.parentId, [...(children.get(node.parentId) ?? []), node]);
  }
  const totals = new Map<string, Cell>();
  const cells = new Map<string, Cell[]>();
  for (const node of nodes) {
    const depth = depthOf.get(node.id) ?? 0;
    totals.set(node.id, { value: node.families, hidden: isSmall(node.families), depth });
    cells.set(
      node.id,
      node.categories.map((value) => ({ value, hidden: isSmall(value), depth })),
    );
  }
  const cellsOf = (id: string): Cell[] => cells.get(id) ?? [];
  const totalOf = (id: string): Cell => totals.get(id) ?? { value: 0, hidden: false, depth: 0 };

  // 1. Totals: parent = sum of children.
  settle([...children.entries()].map(([parentId, kids]) => [totalOf(parentId), ...kids.map((kid) => totalOf(kid.id))]));
  // A hidden total hides its region whole.
  for (const node of nodes) if (totalOf(node.id).hidden) for (const cell of cellsOf(node.id)) cell.hidden = true;
  // 2. Categories: rows (total shown, so only the categories can balance) and parent = sum of children.
  const equations: Cell[][] = [];
  for (const node of nodes) if (!totalOf(node.id).hidden) equations.push(cellsOf(node.id));
  for (const [parentId, kids] of children.entries()) {
    const width = cellsOf(parentId).length;
    for (let index = 0; index < width; index++) {
      const column = [cellsOf(parentId)[index], ...kids.map((kid) => cellsOf(kid.id)[index])];
      equations.push(column.filter((cell): cell is Cell => cell !== undefined));
    }
  }
  settle(equations);

  const result = new Map<string, SuppressedNode>();
  for (const node of nodes) {
    result.set(node.id, {
      id: node.id,
      familiesHidden: totalOf(node.id).hidden,
      categoriesHidden: cellsOf(node.id).map((cell) => cell.hidden),
    });
  }
  return result;
}
