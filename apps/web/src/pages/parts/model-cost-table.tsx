import { CONTENT_TYPES, CONTENT_TYPE_NAMES, MODELS_BY_TYPE, type ContentType, type ModelInfo } from '@atelier/shared';

interface CostRow {
  types: ContentType[];
  models: ModelInfo[];
}

/** Types that share the same model list are shown as one row group, so the table stays short. */
function groupByModels(): CostRow[] {
  const rows: CostRow[] = [];
  for (const type of CONTENT_TYPES) {
    const models = MODELS_BY_TYPE[type];
    const same = rows.find((row) => row.models === models);
    if (same) same.types.push(type);
    else rows.push({ types: [type], models });
  }
  return rows;
}

/** What every model costs, straight from the catalogue the server charges by. */
export function ModelCostTable({ caption = 'Credits per generation' }: { caption?: string }) {
  const rows = groupByModels();
  return (
    <div className="cost-table-wrap">
      <table className="cost-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Model</th>
            <th scope="col">Speed</th>
            <th scope="col">Quality</th>
            <th scope="col" className="cost-table__num">
              Credits
            </th>
          </tr>
        </thead>
        {rows.map((row) => (
          <tbody key={row.types.join('-')}>
            <tr className="cost-table__group">
              <th scope="colgroup" colSpan={4}>
                {row.types.map((t) => CONTENT_TYPE_NAMES[t]).join(', ')}
              </th>
            </tr>
            {row.models.map((model) => (
              <tr key={model.id}>
                <th scope="row">
                  <span className="cost-table__model">{model.name}</span>
                  <span className="cost-table__desc">{model.description}</span>
                </th>
                <td>{model.speed}</td>
                <td>{model.quality}</td>
                <td className="cost-table__num">
                  <strong>{model.cost}</strong>
                </td>
              </tr>
            ))}
          </tbody>
        ))}
      </table>
    </div>
  );
}
