/**
 * Which seeded speakers (1-based SPEAKERS ids) host a column or wrote a paper, in order. Keyed by
 * the column's Chinese title and the paper's DOI so the links survive new rows in those lists.
 * News items get the speakers of their own department (see build.ts).
 */
export const COLUMN_HOSTS: Readonly<Record<string, readonly number[]>> = {
  肿瘤前沿访谈: [1, 5, 21],
  血液病例讨论: [2, 6, 11],
  心电图每周一读: [3, 9],
  神经影像解读: [4, 14],
  临床科研方法: [1, 2],
  医学人文: [7, 8],
  指南速递: [3, 10],
};

export const PAPER_AUTHORS: Readonly<Record<string, readonly number[]>> = {
  '10.1056/NEJMoa2034577': [13, 22],
  '10.1056/NEJMoa1911303': [3, 9, 16],
  '10.1056/NEJMoa1801005': [1, 10],
  '10.1056/NEJMoa1713137': [10, 5],
  '10.1056/NEJMoa1707447': [2, 11],
  '10.1056/NEJMoa1709866': [6, 17],
  '10.1056/NEJMoa1504720': [8, 19],
  '10.1056/NEJMoa1706442': [4, 14],
  '10.1056/NEJMoa1509388': [2, 17],
  '10.1056/NEJMoa1504030': [15, 21],
  '10.1056/NEJMoa2203690': [1, 21],
  '10.1056/NEJMoa2307563': [19, 16],
  '10.1056/NEJMoa2212948': [4, 14],
};
