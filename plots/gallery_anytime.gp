# 'gallery_anytime.gp' - written by searchlab plot 'results/gallery.csv' --kind anytime; edit freely, then run
# in this folder:  gnuplot FILE.gp  (PNG)  or  gnuplot -e "fmt='svg'" FILE.gp  (SVG; 'pdf': PDF)
# the page: 8.50 cm x 24.40 cm, text 8 pt (PNG at 200 dpi)
if (!exists("fmt")) fmt = 'png'
if (fmt eq 'svg') {
    set terminal svg size 241,692 dynamic font 'Sans,8' linewidth 0.5 background rgb 'white'
    set output 'gallery_anytime.svg'
} else {
  if (fmt eq 'pdf') {
    set terminal pdfcairo size 8.500cm,24.401cm font 'Sans,8' fontscale 0.75 linewidth 1 background rgb 'white'
    set output 'gallery_anytime.pdf'
  } else {
    if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
        set terminal pngcairo size 669,1921 font 'Sans,8' fontscale 2.0833 linewidth 2.7778 background rgb 'white'
    } else {
        set terminal png size 669,1921
    }
    set output 'gallery_anytime.png'
  }
}
set termoption noenhanced
set datafile separator '\t'
set datafile missing '?'
set grid lc rgb '#dddddd'
set key below left vertical Left reverse noautotitle maxcols 1 samplen 2 spacing 1
set linetype 1 lc rgb '#0072b2' lw 1.5 pt 7 ps 0.6
set linetype 2 lc rgb '#d55e00' lw 1.5 pt 5 ps 0.6
set linetype 3 lc rgb '#009e73' lw 1.5 pt 9 ps 0.7
set linetype 4 lc rgb '#cc79a7' lw 1.5 pt 11 ps 0.7
set linetype 5 lc rgb '#e69f00' lw 1.5 pt 13 ps 0.7
set linetype 6 lc rgb '#56b4e9' lw 1.5 pt 4 ps 0.6
set linetype 7 lc rgb '#000000' lw 1.5 pt 6 ps 0.6
set linetype 8 lc rgb '#999999' lw 1.5 pt 8 ps 0.7
set linetype 9 lc rgb '#8c564b' lw 1.5 pt 12 ps 0.7
set linetype cycle 9
dat = 'gallery_anytime.dat'
# the best objective found over CPU time (log); dashed: the best any run found; x: proven optimal
set multiplot title 'Best objective found over CPU time'
set logscale x
set format x '%.0s%c'
set xlabel 'CPU time (s)'
set ylabel 'objective'
set lmargin 8
set rmargin 3
unset key
set xrange [0.0008:0.176899]
set yrange [23.300000000000001:26.16]
set ytics 1
set format y '%.0f'
set origin 0.000000, 0.799191
set size 0.500000, 0.172122
set title 'gallery-n6-s2500-000'
set arrow 1 from graph 0, first 24.000000000 to graph 1, first 24.000000000 nohead lc rgb '#555555' dt 2 lw 1.5 front
set label 1 'best found: 24' at graph 0.99, first 24.000000000 right offset 0, -0.7 textcolor rgb '#555555' front
plot \
    dat index 1 using 1:2 with steps lt 2 lw 2 title 'gac', \
    dat index 1 using 1:3 with points lt 2 pt 2 ps 2 notitle, \
    dat index 2 using 1:2 with steps lt 3 lw 2 title 'gac:var=dom/wdeg', \
    dat index 2 using 1:3 with points lt 3 pt 2 ps 2 notitle, \
    dat index 3 using 1:2 with steps lt 4 lw 2 title 'gac:var=dom/wdeg,restart=luby:100', \
    dat index 3 using 1:3 with points lt 4 pt 2 ps 2 notitle
unset arrow 1
unset label 1
set xrange [0.0008:0.01]
set yrange [14.300000000000001:17.16]
set ytics 1
set format y '%.0f'
set origin 0.500000, 0.799191
set size 0.500000, 0.172122
set title 'gallery-n6-s2500-001'
set arrow 1 from graph 0, first 15.000000000 to graph 1, first 15.000000000 nohead lc rgb '#555555' dt 2 lw 1.5 front
set label 1 'best found: 15' at graph 0.99, first 15.000000000 right offset 0, -0.7 textcolor rgb '#555555' front
plot \
    dat index 5 using 1:2 with steps lt 2 lw 2 title 'gac', \
    dat index 5 using 1:3 with points lt 2 pt 2 ps 2 notitle, \
    dat index 6 using 1:2 with steps lt 3 lw 2 title 'gac:var=dom/wdeg', \
    dat index 6 using 1:3 with points lt 3 pt 2 ps 2 notitle, \
    dat index 7 using 1:2 with steps lt 4 lw 2 title 'gac:var=dom/wdeg,restart=luby:100', \
    dat index 7 using 1:3 with points lt 4 pt 2 ps 2 notitle
unset arrow 1
unset label 1
set xrange [0.0008:0.0137205]
set yrange [15.6:21.32]
set ytics 1
set format y '%.0f'
set origin 0.000000, 0.627070
set size 0.500000, 0.172122
set title 'gallery-n6-s2500-002'
set arrow 1 from graph 0, first 17.000000000 to graph 1, first 17.000000000 nohead lc rgb '#555555' dt 2 lw 1.5 front
set label 1 'best found: 17' at graph 0.99, first 17.000000000 right offset 0, -0.7 textcolor rgb '#555555' front
plot \
    dat index 9 using 1:2 with steps lt 2 lw 2 title 'gac', \
    dat index 9 using 1:3 with points lt 2 pt 2 ps 2 notitle, \
    dat index 10 using 1:2 with steps lt 3 lw 2 title 'gac:var=dom/wdeg', \
    dat index 10 using 1:3 with points lt 3 pt 2 ps 2 notitle, \
    dat index 11 using 1:2 with steps lt 4 lw 2 title 'gac:var=dom/wdeg,restart=luby:100', \
    dat index 11 using 1:3 with points lt 4 pt 2 ps 2 notitle
unset arrow 1
unset label 1
set xrange [0.0008:0.132867]
set yrange [31.649999999999999:33.079999999999998]
set ytics 1
set format y '%.0f'
set origin 0.500000, 0.627070
set size 0.500000, 0.172122
set title 'gallery-n7-s2500-000'
set arrow 1 from graph 0, first 32.000000000 to graph 1, first 32.000000000 nohead lc rgb '#555555' dt 2 lw 1.5 front
set label 1 'best found: 32' at graph 0.99, first 32.000000000 right offset 0, -0.7 textcolor rgb '#555555' front
plot \
    dat index 13 using 1:2 with steps lt 2 lw 2 title 'gac', \
    dat index 13 using 1:3 with points lt 2 pt 2 ps 2 notitle, \
    dat index 14 using 1:2 with steps lt 3 lw 2 title 'gac:var=dom/wdeg', \
    dat index 14 using 1:3 with points lt 3 pt 2 ps 2 notitle, \
    dat index 15 using 1:2 with steps lt 4 lw 2 title 'gac:var=dom/wdeg,restart=luby:100', \
    dat index 15 using 1:3 with points lt 4 pt 2 ps 2 notitle
unset arrow 1
unset label 1
set xrange [0.0008:7.54405]
set yrange [26.600000000000001:32.32]
set ytics 1
set format y '%.0f'
set origin 0.000000, 0.454948
set size 0.500000, 0.172122
set title 'gallery-n7-s2500-001'
set arrow 1 from graph 0, first 28.000000000 to graph 1, first 28.000000000 nohead lc rgb '#555555' dt 2 lw 1.5 front
set label 1 'best found: 28' at graph 0.99, first 28.000000000 right offset 0, -0.7 textcolor rgb '#555555' front
plot \
    dat index 17 using 1:2 with steps lt 2 lw 2 title 'gac', \
    dat index 17 using 1:3 with points lt 2 pt 2 ps 2 notitle, \
    dat index 18 using 1:2 with steps lt 3 lw 2 title 'gac:var=dom/wdeg', \
    dat index 18 using 1:3 with points lt 3 pt 2 ps 2 notitle, \
    dat index 19 using 1:2 with steps lt 4 lw 2 title 'gac:var=dom/wdeg,restart=luby:100', \
    dat index 19 using 1:3 with points lt 4 pt 2 ps 2 notitle
unset arrow 1
unset label 1
set xrange [0.0008:0.156976]
set yrange [30.300000000000001:33.159999999999997]
set ytics 1
set format y '%.0f'
set origin 0.500000, 0.454948
set size 0.500000, 0.172122
set title 'gallery-n7-s2500-002'
set arrow 1 from graph 0, first 31.000000000 to graph 1, first 31.000000000 nohead lc rgb '#555555' dt 2 lw 1.5 front
set label 1 'best found: 31' at graph 0.99, first 31.000000000 right offset 0, -0.7 textcolor rgb '#555555' front
plot \
    dat index 21 using 1:2 with steps lt 2 lw 2 title 'gac', \
    dat index 21 using 1:3 with points lt 2 pt 2 ps 2 notitle, \
    dat index 22 using 1:2 with steps lt 3 lw 2 title 'gac:var=dom/wdeg', \
    dat index 22 using 1:3 with points lt 3 pt 2 ps 2 notitle, \
    dat index 23 using 1:2 with steps lt 4 lw 2 title 'gac:var=dom/wdeg,restart=luby:100', \
    dat index 23 using 1:3 with points lt 4 pt 2 ps 2 notitle
unset arrow 1
unset label 1
set xrange [0.0008:2.07516]
set yrange [45.649999999999999:47.079999999999998]
set ytics 1
set format y '%.0f'
set origin 0.000000, 0.282826
set size 0.500000, 0.172122
set title 'gallery-n8-s2500-000'
set arrow 1 from graph 0, first 46.000000000 to graph 1, first 46.000000000 nohead lc rgb '#555555' dt 2 lw 1.5 front
set label 1 'best found: 46' at graph 0.99, first 46.000000000 right offset 0, -0.7 textcolor rgb '#555555' front
plot \
    dat index 25 using 1:2 with steps lt 2 lw 2 title 'gac', \
    dat index 25 using 1:3 with points lt 2 pt 2 ps 2 notitle, \
    dat index 26 using 1:2 with steps lt 3 lw 2 title 'gac:var=dom/wdeg', \
    dat index 26 using 1:3 with points lt 3 pt 2 ps 2 notitle, \
    dat index 27 using 1:2 with steps lt 4 lw 2 title 'gac:var=dom/wdeg,restart=luby:100', \
    dat index 27 using 1:3 with points lt 4 pt 2 ps 2 notitle
unset arrow 1
unset label 1
set xrange [0.0008:15.0054]
set yrange [41.950000000000003:46.240000000000002]
set ytics 1
set format y '%.0f'
set origin 0.500000, 0.282826
set size 0.500000, 0.172122
set title 'gallery-n8-s2500-001'
set arrow 1 from graph 0, first 43.000000000 to graph 1, first 43.000000000 nohead lc rgb '#555555' dt 2 lw 1.5 front
set label 1 'best found: 43' at graph 0.99, first 43.000000000 right offset 0, -0.7 textcolor rgb '#555555' front
plot \
    dat index 29 using 1:2 with steps lt 2 lw 2 title 'gac', \
    dat index 29 using 1:3 with points lt 2 pt 2 ps 2 notitle, \
    dat index 30 using 1:2 with steps lt 3 lw 2 title 'gac:var=dom/wdeg', \
    dat index 30 using 1:3 with points lt 3 pt 2 ps 2 notitle, \
    dat index 31 using 1:2 with steps lt 4 lw 2 title 'gac:var=dom/wdeg,restart=luby:100'
unset arrow 1
unset label 1
set xrange [0.0008:2.42998]
set yrange [43.649999999999999:45.079999999999998]
set ytics 1
set format y '%.0f'
set origin 0.000000, 0.110704
set size 0.500000, 0.172122
set title 'gallery-n8-s2500-002'
set arrow 1 from graph 0, first 44.000000000 to graph 1, first 44.000000000 nohead lc rgb '#555555' dt 2 lw 1.5 front
set label 1 'best found: 44' at graph 0.99, first 44.000000000 right offset 0, -0.7 textcolor rgb '#555555' front
plot \
    dat index 33 using 1:2 with steps lt 2 lw 2 title 'gac', \
    dat index 33 using 1:3 with points lt 2 pt 2 ps 2 notitle, \
    dat index 34 using 1:2 with steps lt 3 lw 2 title 'gac:var=dom/wdeg', \
    dat index 34 using 1:3 with points lt 3 pt 2 ps 2 notitle, \
    dat index 35 using 1:2 with steps lt 4 lw 2 title 'gac:var=dom/wdeg,restart=luby:100', \
    dat index 35 using 1:3 with points lt 4 pt 2 ps 2 notitle
unset arrow 1
unset label 1
unset arrow 1
unset label 1
unset title
unset border
unset tics
unset xlabel
unset ylabel
unset logscale
unset grid
set xrange [0:1]
set yrange [0:1]
set origin 0, 0
set size 1, 0.110704
set lmargin 0
set rmargin 0
set tmargin 0
set bmargin 0
set key inside left top Left reverse maxcols 1
plot \
    NaN with lines lt 1 lw 2 title 'fc (no solution on 9 of 9)', \
    NaN with lines lt 2 lw 2 title 'gac', \
    NaN with lines lt 3 lw 2 title 'gac:var=dom/wdeg', \
    NaN with lines lt 4 lw 2 title 'gac:var=dom/wdeg,restart=luby:100'
unset multiplot
