import { describe, expect, it } from 'vitest';
import { describeCheckpointStoreContract } from '../testing/conformance/checkpoint-store-contract';
import { describeEventSinkContract } from '../testing/conformance/event-sink-contract';
import { describeMemoryPortContract } from '../testing/conformance/memory-port-contract';
import { InMemoryCheckpointStore } from './in-memory-checkpoint-store';
import { InMemoryEventSink } from './in-memory-event-sink';
import { InMemoryMemoryPort } from './in-memory-memory-port';

const api = { describe, it, expect };

describeCheckpointStoreContract(() => new InMemoryCheckpointStore(), api);
describeEventSinkContract(() => new InMemoryEventSink(), api);
describeMemoryPortContract(() => new InMemoryMemoryPort(), api);
