import { percentileFromQuantiles } from '../../../contract/analysis';
import { analysisKind } from '../../../contract/analysis-kinds';
import { completionFields, percentileFor, registerKindHandler, type KindHandler } from '../analysis';

const IGA = analysisKind('iga');

/** Without a verified population to rank it in, an IGA score is stored at the middle percentile. */
const DEFAULT_PERCENTILE = 50;

/**
 * The IGA score and its components are the analyst's assessment, typed in the form. The score has no
 * percentile field: it takes the verified population's percentile when there is one, else the default 50.
 */
const igaHandler: KindHandler = {
  usesPositionSubmetrics: true,
  async complete({ app, request, fields, submetrics, population }) {
    const { parsed, comment } = completionFields(request, fields, submetrics);
    const igaPop = population.metrics.find((m) => m.key === IGA.metricKey);
    const igaPercentile = igaPop?.quantiles
      ? percentileFromQuantiles(parsed.igaScore, igaPop.quantiles, false)
      : DEFAULT_PERCENTILE;
    const values = {
      headline: parsed.igaScore as number,
      maxSpeed: null,
      igaScore: parsed.igaScore as number,
      comment,
      metrics: [
        { key: IGA.metricKey, value: parsed.igaScore as number, percentile: igaPercentile, isFromIga: true },
        ...submetrics.map((s) => ({
          key: s.key,
          value: parsed[`submetric_${s.key}`] as number,
          percentile: parsed[`submetric_${s.key}_percentile`] as number,
          isFromIga: true,
        })),
      ],
    };
    // Stored as the population percentile families see.
    const computed = await percentileFor(app.db, request, values.igaScore);
    if (computed) values.metrics[0].percentile = computed.percentile;
    return { measured: null, values };
  },
};

/** The IGA score's own code (decision 279): its completion, registered by its key as every kind's is. */
registerKindHandler(IGA.key, igaHandler);
