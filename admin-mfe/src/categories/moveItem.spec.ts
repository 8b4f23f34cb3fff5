import { moveItem } from './moveItem.js';

describe('moveItem (SPEC §4 Reordering: the order shown right after a drop)', () => {
  const list = ['a', 'b', 'c', 'd'];

  it('moves an item down and up, leaving the others in order', () => {
    expect(moveItem(list, 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(list, 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveItem(list, 1, 3)).toEqual(['a', 'c', 'd', 'b']);
  });

  it('returns a new array and leaves the input alone', () => {
    const moved = moveItem(list, 0, 1);
    expect(moved).not.toBe(list);
    expect(list).toEqual(['a', 'b', 'c', 'd']);
  });

  it('keeps the order for a drop in place or an index outside the list', () => {
    expect(moveItem(list, 2, 2)).toEqual(list);
    expect(moveItem(list, -1, 2)).toEqual(list);
    expect(moveItem(list, 1, 4)).toEqual(list);
  });

  it('the item lands at the destination index, whatever the move', () => {
    for (let from = 0; from < list.length; from += 1) {
      for (let to = 0; to < list.length; to += 1) {
        const moved = moveItem(list, from, to);
        expect(moved[to]).toBe(list[from]);
        expect([...moved].sort()).toEqual(list);
      }
    }
  });
});
