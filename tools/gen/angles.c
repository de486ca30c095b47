/* angles.c: see angles.h. */
#include "angles.h"

#include <math.h>

#define PI 3.14159265358979323846

double cosd(double deg)
{
	double a = fmod(deg, 360.0);
	if (a < 0)
		a += 360.0;
	if (a == 0.0)
		return 1.0;
	if (a == 90.0 || a == 270.0)
		return 0.0;
	if (a == 180.0)
		return -1.0;
	return cos(a * PI / 180.0);
}

double sind(double deg)
{
	return cosd(deg - 90.0);
}
