/** Status of one plan item. */
export type PlanItemStatus = 'pending' | 'in-progress' | 'done' | 'blocked';

export interface PlanItem {
  /** Stable id chosen by the model (or assigned by the plan tool) so updates can refer to it. */
  id: string;
  title: string;
  status: PlanItemStatus;
}

/** The run's plan. Control state: it lives on the checkpoint, bounded by `maxPlanItems`. */
export interface Plan {
  items: PlanItem[];
}
