import type {Element, Nodes, Root} from 'hast'

/**
 * A rehype plugin: images in message text become links to them
 * (`Image: <alt>`). A page is self-contained and loads nothing: an image on
 * another server would tell that server who opened the page, and when.
 */
export function rehypeImagesAsLinks(): (tree: Root) => undefined {
  return (tree) => {
    imagesAsLinks(tree)
    return undefined
  }
}

function imagesAsLinks(node: Nodes): void {
  if (!('children' in node)) return
  for (const [index, child] of node.children.entries()) {
    if (child.type === 'element' && child.tagName === 'img') node.children[index] = imageLink(child)
    else imagesAsLinks(child)
  }
}

function imageLink(image: Element): Element {
  const {src, alt, title} = image.properties
  const label = typeof alt === 'string' && alt.trim() !== '' ? `Image: ${alt}` : 'Image'
  return {
    type: 'element',
    tagName: 'a',
    properties: {className: ['image-link'], ...(typeof src === 'string' ? {href: src} : {}), ...(title ? {title} : {})},
    children: [{type: 'text', value: label}]
  }
}
