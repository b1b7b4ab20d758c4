import type { DevQuestion, DevSession } from './dev-set-types';
import { abstentionQuestions } from './questions-abstention';
import { paraphraseQuestions, singleHopQuestions } from './questions-direct';
import { knowledgeUpdateQuestions, multiSessionQuestions, temporalQuestions } from './questions-hard';
import { julySessions } from './sessions-july';
import { marchAprilSessions } from './sessions-march-april';
import { mayJuneSessions } from './sessions-may-june';

export const allSessions: DevSession[] = [...marchAprilSessions, ...mayJuneSessions, ...julySessions];

export const allQuestions: DevQuestion[] = [
  ...singleHopQuestions,
  ...paraphraseQuestions,
  ...knowledgeUpdateQuestions,
  ...multiSessionQuestions,
  ...temporalQuestions,
  ...abstentionQuestions,
];
