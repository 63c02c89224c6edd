const nums = [5, 3, 9, 1, 7];
return {
  at: [nums.at(0), nums.at(-1)],
  sorted: nums.toSorted(),
  reversed: nums.toReversed(),
  spliced: nums.toSpliced(1, 2, 100),
  with: nums.with(2, 0),
  original: nums,
  includes: nums.includes(9),
  flat: [[1, [2]], [3, [4, [5]]]].flat(Infinity),
};
