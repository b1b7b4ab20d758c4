export { parseQueryTime, windowAround, withinWindow, type QueryTime, type TimeWindow } from './query-time-window';
export { compareHits, defaultFusionSettings, evidenceOf, fuseScore, relevanceOf, type CandidateSignals, type FusionSettings } from './score-fusion';
export { queryNames } from './query-names';
export { memoryLevelKeyOf, visibleMemoryLevelKeys } from './memory-levels';
