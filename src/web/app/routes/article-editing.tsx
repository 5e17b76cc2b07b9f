import type { Article } from '@contract/articles';
import ArticleInlineEditor from '@/app/writing/article-inline-editor';
import { LocationPicker } from '@/features/geo/components/location-picker';
import { useArticleImagesField } from '@/features/media/components/image-uploader';

/**
 * The article page's edit mode composed from the features (the editor, the location picker, the
 * image uploader). Loaded only when the author presses Edit, so readers never download it.
 */
export default function ArticleEditing({ article, onDone }: { article: Article; onDone: () => void }) {
  const imagesField = useArticleImagesField(article.images);
  return <ArticleInlineEditor article={article} locationField={LocationPicker} images={imagesField} onDone={onDone} />;
}
