import { findAnalysisKind } from '@contract/analysis-kinds';
import { completeFormOf } from './complete-parts';
import type { CompleteFormProps } from './complete-shell';
import { FilmedCompleteForm } from './filmed-complete-form';

/** The analyst's completion of a request: the form its kind's folder wrote, or the one of the filmed kinds. */
export function CompleteForm(props: CompleteFormProps) {
  if (findAnalysisKind(props.item.requestType)?.filmed) return <FilmedCompleteForm {...props} />;
  const Form = completeFormOf(props.item.requestType);
  if (!Form)
    return <p className="text-sm text-destructive">This kind of request cannot be completed here.</p>;
  return <Form {...props} />;
}
