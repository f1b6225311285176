/** What an asset page (dataset, any other entity) loads: the asset, the property definitions and the tags to pick from. */
import { useEffect, useState } from 'preact/hooks';
import { messageOf } from '../api/api-error';
import { loadDefinitions, type Definition } from '../api/definitions';
import { listTags, type Tag } from '../api/tags';

export interface AssetPageState<T> {
  /** undefined while loading; null when there is no such asset. */
  asset: T | null | undefined;
  definitions: Definition[];
  allTags: Tag[];
  error: string | null;
  /** How many times the asset was loaded (the history list reloads with it). */
  loads: number;
  reload(): void;
}

/** Loads the asset with `load` (again on `reload`, after an edit) whenever `urn` changes. */
export function useAssetPage<T>(urn: string, load: () => Promise<T | null>): AssetPageState<T> {
  const [asset, setAsset] = useState<T | null | undefined>(undefined);
  const [definitions, setDefinitions] = useState<Definition[]>([]);
  const [allTags, setAllTags] = useState<Tag[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [loads, setLoads] = useState(0);

  const reload = () => {
    load().then((a) => {
      setAsset(a);
      setLoads((n) => n + 1);
    }, (e) => setError(messageOf(e)));
    listTags().then(setAllTags, () => undefined);
  };
  useEffect(() => {
    reload();
    loadDefinitions().then(setDefinitions, (e) => setError(messageOf(e)));
  }, [urn]);
  return { asset, definitions, allTags, error, loads, reload };
}
