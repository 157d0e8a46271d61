import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Picture } from "~/components/Picture";
import { ko } from "~/copy/ko";
import { koCareer } from "~/copy/ko-career";
import { loadCareerPage } from "~/features/career/career-page.server";
import { routeFacts } from "~/lib/route-facts";
import { encodeInfo } from "~/lib/route-info";
import { pageMeta } from "~/lib/seo";
import { useRootData } from "~/root";
import careerStyles from "~/styles/career.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: careerStyles }];

export const handle = routeFacts({ access: "public", cache: true, sitemap: true, jsBudgetKiB: 100 });

export const meta: MetaFunction = (args) => pageMeta(args, { title: koCareer.title, description: ko.home.careerDescription });

export const loader = (args: LoaderFunctionArgs) => loadCareerPage(args);

export default function CareerBackground() {
  const { isAdmin, images } = useLoaderData<typeof loader>();
  // The owner's handle (사이트 설정), under "About" when she gave one.
  const handle = useRootData()?.site.handle;
  return (
    <section className="career">
      <div className="career__bar">
        <h1 className="page-title">{koCareer.title}</h1>
        {isAdmin ? (
          <Link className="button button--small" to={`/career-background-update/${encodeInfo(images.map((image) => image.src))}`}>
            {koCareer.modify}
          </Link>
        ) : null}
      </div>
      <h2 className="career__about">
        {koCareer.about}
        {handle ? (
          <>
            {" "}
            <span className="career__handle">{handle}</span>
          </>
        ) : null}
      </h2>
      {images.length === 0 ? (
        <p className="empty">{koCareer.empty}</p>
      ) : (
        <ol className="career__images">
          {images.map((image, index) => (
            <li key={image.src}>
              {/* Her caption under its picture, and the picture's accessible description (docs/product.md §2 경력). */}
              <figure className="career__figure">
                <Picture picture={image.picture} alt={koCareer.imageAlt(index + 1)} />
                {image.caption ? <figcaption className="career__caption">{image.caption}</figcaption> : null}
              </figure>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
