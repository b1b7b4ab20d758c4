import { ScaledObject } from '@kubernetes-models/keda/keda.sh/v1alpha1/ScaledObject';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Secret } from 'kubernetes-models/v1/Secret';
import { Service } from 'kubernetes-models/v1/Service';
import { ServiceAccount } from 'kubernetes-models/v1/ServiceAccount';

import type { RenderedObject } from './render-chart';

/** Every kind the chart may render, keyed by `apiVersion/kind`, with its schema-checked model. */
const models: Record<string, new (data: never) => { validate(): void }> = {
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'v1/ServiceAccount': ServiceAccount,
  'apps/v1/Deployment': Deployment,
  'batch/v1/Job': Job,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'keda.sh/v1alpha1/ScaledObject': ScaledObject,
};

/**
 * Validates each rendered object against the Kubernetes OpenAPI schema of its kind (KEDA's CRD
 * schema for ScaledObject) through `kubernetes-models`. A kind with no model here is an error, so a
 * new template cannot slip past validation.
 */
export function validateObjects(rendered: RenderedObject[]): void {
  for (const { source, object } of rendered) {
    const key = `${object.apiVersion}/${object.kind}`;
    const Model = models[key];
    if (Model === undefined) throw new Error(`${source}: no schema for ${key}; add its model to validate-objects.ts`);
    try {
      new Model(object as never).validate();
    } catch (error) {
      throw new Error(`${source}: ${key} ${object.metadata.name} is invalid: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }
}
